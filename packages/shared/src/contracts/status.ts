import { z } from 'zod';
import { text } from './text.js';

/** The model providers LLM_PROVIDER accepts. */
export const LLM_PROVIDERS = ['local', 'openai', 'anthropic', 'google', 'openai-compatible'] as const;
export type LlmProviderName = (typeof LLM_PROVIDERS)[number];

export const LLM_STATES = ['idle', 'downloading', 'loading', 'ready', 'error'] as const;
export type LlmState = (typeof LLM_STATES)[number];

/** The summary model as `GET /api/status` shows it. */
export const llmStatusSchema = z.object({
  provider: z.enum(LLM_PROVIDERS),
  model: text(),
  state: z.enum(LLM_STATES),
  /** 0 to 1 while a model downloads. */
  downloadProgress: z.number().min(0).max(1).optional(),
  /** Why the model is in the error state (no secrets). */
  error: text().optional(),
});
export type LlmStatus = z.infer<typeof llmStatusSchema>;

export const statusResponseSchema = z.object({ llm: llmStatusSchema });
export type StatusResponse = z.infer<typeof statusResponseSchema>;
