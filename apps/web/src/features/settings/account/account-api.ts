import {
  accountExportSchema,
  type ChangeMyEmailRequest,
  type ChangeMyPasswordRequest,
  type DeleteAccountRequest,
  type EmailChangePending,
} from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { pathOf } from '@summa/shared/endpoint-routes';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiCall, apiFile } from '../../../lib/api-client';
import { logWarning } from '../../../lib/logger';
import { queryKeys } from '../../../lib/query-keys';

const api = ENDPOINTS.account;

/** Changes the password (or sets a first one, without `currentPassword`); 204. */
export async function changePassword(body: ChangeMyPasswordRequest): Promise<void> {
  await apiCall(api.changePassword, { body });
}

/** Mails a link to the new address; the address changes only when the link is opened. */
export function changeEmail(body: ChangeMyEmailRequest): Promise<EmailChangePending> {
  return apiCall(api.changeEmail, { body });
}

/** The devices the reader is signed in on. */
export function sessionsQuery() {
  return queryOptions({
    queryKey: queryKeys.accountSessions,
    queryFn: ({ signal }) => apiCall(api.sessions, { signal }),
  });
}

/** Signs one of the reader's devices out; 204. */
export async function endSession(id: string): Promise<void> {
  await apiCall(api.endSession, { params: { id } });
}

/** Deletes the account and everything of it the server does not keep; 204. */
export async function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  await apiCall(api.delete, { body });
}

/** The export's file name: `summa-export-YYYY-MM-DD.json`, by the reader's own calendar. */
export function exportFileName(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `summa-export-${day}.json`;
}

/**
 * Everything the server holds about the reader, as the JSON file it sends (the bytes as they
 * came, so the file is the server's own), after checking it is an export and not something else.
 */
export async function downloadAccountExport(): Promise<Blob> {
  const { blob } = await apiFile(pathOf(api.export), 'application/json', { method: api.export.method });
  const text = await blob.text();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  const checked = accountExportSchema.safeParse(data);
  if (!checked.success) {
    logWarning('unexpected answer from the account export', checked.error.issues);
    throw new ApiError(200, 'INTERNAL_ERROR', '');
  }
  return new Blob([text], { type: 'application/json' });
}
