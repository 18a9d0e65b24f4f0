import type { ContactRequest } from '@summa/shared';
import { ENDPOINTS } from '@summa/shared/endpoints';
import { apiCall } from '../../lib/api-client';

/**
 * POST /api/contact: the message goes to the team (stored, and mailed when the server has
 * CONTACT_TO); sent with the reader's session when there is one, so it is kept with their account.
 */
export async function sendContactMessage(body: ContactRequest): Promise<void> {
  await apiCall(ENDPOINTS.contact.send, { body });
}
