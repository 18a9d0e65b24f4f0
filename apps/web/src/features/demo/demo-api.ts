import { demoResponseSchema, type DemoResponse } from '@summa/shared';
import { ENDPOINT_ROUTES } from '@summa/shared/endpoint-routes';
import type { Language } from '@summa/shared/languages';
import { fetchPublic } from '../../lib/public-fetch';

/** While the narration is being made (the first visit's), how often to ask again. */
export const NARRATION_POLL_MS = 3_000;

/**
 * GET /api/demo?language=: the demo's editorial summary in `language` and, once made, its
 * narration. No session; a plain fetch checked against the contract, light enough for the
 * prerendered /demo's islands (ADR 0027), which the app's page shares.
 */
export function fetchDemo(language: Language, signal?: AbortSignal): Promise<DemoResponse> {
  return fetchPublic(ENDPOINT_ROUTES.demo.get, new URLSearchParams({ language }), demoResponseSchema, signal);
}
