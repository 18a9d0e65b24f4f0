import type { DemoResponse, Language } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

/** While the narration is being made (the first visit's), how often to ask again. */
export const NARRATION_POLL_MS = 3_000;

/** The demo in `language`: its editorial summary and, once made, its narration. No session needed. */
export function demoQuery(language: Language) {
  return queryOptions({
    queryKey: queryKeys.demo(language),
    queryFn: ({ signal }): Promise<DemoResponse> =>
      apiCall(ENDPOINTS.demo.get, { query: new URLSearchParams({ language }), signal }),
    refetchInterval: (query) => (query.state.data && !query.state.data.audio ? NARRATION_POLL_MS : false),
    // Its audio addresses are signed and expire: never refreshed behind a listener's back.
    refetchOnWindowFocus: false,
  });
}
