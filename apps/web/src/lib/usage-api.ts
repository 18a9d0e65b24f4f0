import { usageSchema, type Usage } from '@summa/shared';
import { apiRequest } from './api-client';

/** `GET /api/me/usage`: this month's usage and the reader's current plan (home, summary page). */
export function fetchUsage(signal: AbortSignal): Promise<Usage> {
  return apiRequest('/api/me/usage', usageSchema, { signal });
}
