import type {
  AdminContactMessage,
  AdminReader,
  AdminStatusResponse,
  AdminSummaryResponse,
  AdminUser,
  CatalogImportResponse,
  Role,
} from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

const api = ENDPOINTS.admin;

/** Re-imports the shipped catalogue (admin only). */
export function importCatalog(): Promise<CatalogImportResponse> {
  return apiCall(api.importCatalog, {});
}

/** The summary model, with the cause of its failure (admin only). */
export function modelStatus(signal?: AbortSignal): Promise<AdminStatusResponse> {
  return apiCall(api.status, { signal });
}

/** While the model downloads or loads, the card looks again this often. */
export const MODEL_STATUS_REFRESH_MS = 3_000;

/** The summary model's state, looked at again every few seconds while it is on its way. */
export function modelStatusQuery() {
  return queryOptions({
    queryKey: queryKeys.adminStatus,
    queryFn: ({ signal }) => modelStatus(signal),
    // A moment old is already old: the admin comes here to see it now.
    staleTime: 0,
    refetchInterval: (query) => {
      const state = query.state.data?.llm.state;
      return state === 'downloading' || state === 'loading' ? MODEL_STATUS_REFRESH_MS : false;
    },
  });
}

/** The account with this e-mail, or null (admin only). */
export async function findUserByEmail(email: string): Promise<AdminUser | null> {
  return (await apiCall(api.findUser, { query: new URLSearchParams({ email }) })).user;
}

/** Grants or revokes Premium (admin only). */
export async function setPremiumGrant(userId: string, granted: boolean): Promise<AdminUser> {
  const endpoint = granted ? api.grantPremium : api.revokePremium;
  return (await apiCall(endpoint, { params: { id: userId } })).user;
}

// The admin console (ADR 0030).

/** GET /api/admin/readers?q= */
export function readersQuery(q: string) {
  return queryOptions({
    queryKey: queryKeys.adminReaders(q),
    queryFn: async ({ signal }) =>
      (await apiCall(api.readers, { query: new URLSearchParams(q ? { q } : {}), signal })).readers,
  });
}

export async function setRole(userId: string, role: Role): Promise<AdminReader> {
  return (await apiCall(api.setRole, { params: { id: userId }, body: { role } })).reader;
}

export async function signOutReader(userId: string): Promise<void> {
  await apiCall(api.signOutReader, { params: { id: userId } });
}

export async function deleteReader(userId: string): Promise<void> {
  await apiCall(api.deleteReader, { params: { id: userId } });
}

/** GET /api/admin/summaries?… (`search`: its query string) */
export function adminSummariesQuery(search: string) {
  return queryOptions({
    queryKey: queryKeys.adminSummaries(search),
    queryFn: async ({ signal }) =>
      (await apiCall(api.summaries, { query: new URLSearchParams(search), signal })).summaries,
  });
}

export function adminSummaryQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.adminSummary(id),
    queryFn: ({ signal }) => apiCall(api.summary, { params: { id }, signal }),
  });
}

export async function removeSummary(id: string): Promise<void> {
  await apiCall(api.removeSummary, { params: { id } });
}

export function regenerateSummary(id: string): Promise<AdminSummaryResponse> {
  return apiCall(api.regenerateSummary, { params: { id } });
}

export function contactMessagesQuery() {
  return queryOptions({
    queryKey: queryKeys.adminContactMessages,
    queryFn: async ({ signal }) => (await apiCall(api.contactMessages, { signal })).messages,
  });
}

export async function markMessageHandled(id: string): Promise<AdminContactMessage> {
  return (await apiCall(api.handleContactMessage, { params: { id } })).message;
}

export function feedbackQuery() {
  return queryOptions({
    queryKey: queryKeys.adminFeedback,
    queryFn: async ({ signal }) => (await apiCall(api.feedback, { signal })).feedback,
  });
}

/** Shows a comment on the landing, or takes it off. */
export async function setTestimonial(feedbackId: string, shown: boolean): Promise<void> {
  if (shown) await apiCall(api.approveTestimonial, { params: { feedbackId } });
  else await apiCall(api.withdrawTestimonial, { params: { feedbackId } });
}

export function usageQuery() {
  return queryOptions({
    queryKey: queryKeys.adminUsage,
    queryFn: ({ signal }) => apiCall(api.usage, { signal }),
    staleTime: 0,
  });
}

export function auditQuery() {
  return queryOptions({
    queryKey: queryKeys.adminAudit,
    queryFn: async ({ signal }) => (await apiCall(api.audit, { signal })).entries,
    staleTime: 0,
  });
}
