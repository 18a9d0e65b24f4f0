import { z } from 'zod';
import { text } from './text.js';

/** The model providers LLM_PROVIDER accepts. */
export const LLM_PROVIDERS = ['local', 'openai', 'anthropic', 'google', 'openai-compatible'] as const;
export type LlmProviderName = (typeof LLM_PROVIDERS)[number];

export const LLM_STATES = ['idle', 'downloading', 'loading', 'ready', 'error'] as const;
export type LlmState = (typeof LLM_STATES)[number];

/**
 * Why a local model cannot run, as far as what to do goes: llama.cpp cannot start on this machine
 * (`runtime`), LLM_MODEL names a file that is not there (`missing-file`), the download failed
 * (`download`: no network, a wrong `hf:` name), the models folder cannot take it (`disk`: full,
 * read-only), or the file does not load (`load`: damaged, not a GGUF model, too big for memory).
 */
export const LLM_ERROR_KINDS = ['runtime', 'missing-file', 'download', 'disk', 'load'] as const;
export type LlmErrorKind = (typeof LLM_ERROR_KINDS)[number];

/** The summary model as `GET /api/status` shows it to anyone. */
export const llmStatusSchema = z.object({
  provider: z.enum(LLM_PROVIDERS),
  model: text(),
  state: z.enum(LLM_STATES),
  /** 0 to 1 while a model downloads. */
  downloadProgress: z.number().min(0).max(1).optional(),
  /** Bytes downloaded so far and the file's size, while a model downloads. */
  downloadedBytes: z.number().int().min(0).optional(),
  totalBytes: z.number().int().min(0).optional(),
});
export type PublicLlmStatus = z.infer<typeof llmStatusSchema>;

/** The same with the cause of the error state: for admins and the log only (it names paths and hosts). */
export const adminLlmStatusSchema = llmStatusSchema.extend({
  /** Why the model is in the error state (no secrets). */
  error: text().optional(),
  /** What kind of failure that is (local models), so an admin is told what to do. */
  errorKind: z.enum(LLM_ERROR_KINDS).optional(),
  /** Where `local` keeps downloaded models. */
  modelsDir: text().optional(),
});
export type LlmStatus = z.infer<typeof adminLlmStatusSchema>;

/**
 * `GET /api/status`, public: the summary model's state, and the server's settings the web follows
 * (issue 23): the Amazon Associates tracking id of the store links (AMAZON_ASSOCIATE_TAG), null
 * when there are none, which also hides the footer's affiliate disclosure.
 */
export const statusResponseSchema = z.object({
  llm: llmStatusSchema,
  amazonAssociateTag: text().max(64).nullable(),
});
export type StatusResponse = z.infer<typeof statusResponseSchema>;

/** `GET /api/admin/status`: the model with its failure's cause. */
export const adminStatusResponseSchema = z.object({ llm: adminLlmStatusSchema });
export type AdminStatusResponse = z.infer<typeof adminStatusResponseSchema>;
