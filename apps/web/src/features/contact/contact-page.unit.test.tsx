import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Session } from '@summa/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../lib/auth/auth-context';
import { setLanguage } from '../../lib/i18n';
import { apiError, fakeApi, json, offline, type FakeApi } from '../../test/fake-api';
import { renderWithQueries } from '../../test/query-client';
import { testSession } from '../../test/session-fixture';
import { ContactPage } from './contact-page';
import { englishUser } from '../../test/english-user';

let api: FakeApi;
let user: UserEvent;
let answer: () => Response;

beforeEach(() => {
  user = englishUser();
  answer = () => json({ received: true }, 202);
  api = fakeApi({ 'POST /api/contact': () => answer() });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setLanguage('pt');
});

/** The page for a visitor, or for a signed-in reader whose session is still loading or known. */
function renderContact(session: Session | null = null, loading = false) {
  const value = { session, user: session?.user ?? null, loading };
  const ui = (state: typeof value) => (
    <AuthContext.Provider value={state}>
      <MemoryRouter initialEntries={['/contact']}>
        <ContactPage />
      </MemoryRouter>
    </AuthContext.Provider>
  );
  const rendered = renderWithQueries(ui(value));
  return {
    ...rendered,
    signIn: (signed: Session) =>
      rendered.rerender(ui({ session: signed, user: signed.user, loading: false })),
  };
}

const name = () => screen.getByLabelText<HTMLInputElement>('Name');
const email = () => screen.getByLabelText<HTMLInputElement>('E-mail');
const message = () => screen.getByLabelText<HTMLTextAreaElement>('Message');
const send = () => screen.getByRole('button', { name: 'Send message' });
const bodies = () => api.to('/api/contact').map(({ body }) => body);

async function fillIn(values: { name?: string; email?: string; message?: string }) {
  if (values.name) await user.type(name(), values.name);
  if (values.email) await user.type(email(), values.email);
  if (values.message) await user.type(message(), values.message);
}

describe('the contact page', () => {
  it('asks for every field at once when the form is sent empty, and sends nothing', async () => {
    renderContact();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact' })).toBeTruthy();
    await user.click(send());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please fill in all fields.');
    for (const field of [name(), email(), message()]) {
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toContain(alert.id);
    }
    expect(document.activeElement).toBe(name());
    expect(bodies()).toEqual([]);
  });

  it('marks only the empty fields, and says what is wrong with a filled one under it', async () => {
    renderContact();
    await fillIn({ name: 'Ana', email: 'not-an-address' });
    await user.click(send());
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all fields.');
    expect(name().getAttribute('aria-invalid')).toBeNull();
    expect(message().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a valid e-mail address.')).toBeTruthy();
    await user.type(message(), 'Too short');
    await user.clear(email());
    await user.type(email(), 'ana@example.com');
    await user.click(send());
    expect(await screen.findByText('The message needs at least 10 characters.')).toBeTruthy();
    expect(screen.queryByText('Please fill in all fields.')).toBeNull();
    expect(bodies()).toEqual([]);
  });

  it('sends the message, says where the answer goes, and can start another one', async () => {
    renderContact();
    await fillIn({ name: '  Ana Souza ', email: 'Ana@Example.com', message: 'How do I change my nickname?' });
    expect(screen.getByText('28/5000')).toBeTruthy();
    await user.click(send());
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Message sent!');
    expect(status.textContent).toContain('We will reply to ana@example.com');
    expect(bodies()).toEqual([
      { name: 'Ana Souza', email: 'ana@example.com', message: 'How do I change my nickname?', website: '' },
    ]);
    await waitFor(() => expect(document.activeElement).toBe(status));

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(name().value).toBe('Ana Souza');
    expect(email().value).toBe('ana@example.com');
    expect(message().value).toBe('');
  });

  it("fills in a signed-in reader's name and e-mail once the session is known", async () => {
    const session = testSession();
    const { signIn } = renderContact(null, true);
    expect(name().value).toBe('');
    signIn(session);
    await waitFor(() => expect(name().value).toBe('Ana Souza'));
    expect(email().value).toBe('ana@example.com');
    await user.type(message(), 'A question about Premium.');
    await user.click(send());
    await screen.findByText('Message sent!');
    expect(bodies()).toEqual([
      { name: 'Ana Souza', email: 'ana@example.com', message: 'A question about Premium.', website: '' },
    ]);
  });

  it('keeps what the reader typed over the prefill', async () => {
    const { signIn } = renderContact(null, true);
    await user.type(name(), 'Ana S.');
    signIn(testSession());
    await waitFor(() => expect(email().value).toBe('ana@example.com'));
    expect(name().value).toBe('Ana S.');
  });

  it.each([
    [
      'the team’s mail failed (502 CONTACT_NOT_SENT)',
      () => apiError(502, 'CONTACT_NOT_SENT', 'from the server'),
    ],
    ['the server is down', () => apiError(503, 'DATABASE_UNAVAILABLE')],
    ['there is no network', offline],
  ])('says the message was not sent when %s, and keeps it for another try', async (_case, failure) => {
    answer = failure;
    renderContact();
    await fillIn({ name: 'Ana', email: 'ana@example.com', message: 'Please keep this text.' });
    await user.click(send());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Error sending message. Please try again.');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(message().value).toBe('Please keep this text.');
    expect(screen.queryByText('Message sent!')).toBeNull();
    answer = () => json({ received: true }, 202);
    await user.click(send());
    await screen.findByText('Message sent!');
  });

  it('says when to try again after too many messages (429)', async () => {
    answer = () => apiError(429, 'RATE_LIMITED', 'Too many attempts. Please wait a little and try again.');
    renderContact();
    await fillIn({ name: 'Ana', email: 'ana@example.com', message: 'One message too many.' });
    await user.click(send());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many attempts. Please wait a little and try again.',
    );
  });

  it('hides the honeypot from people: off screen, out of the tab order and of the accessibility tree', () => {
    renderContact();
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).not.toBeNull();
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull();
  });

  it('speaks Portuguese and Spanish', async () => {
    setLanguage('pt');
    const { unmount } = renderContact();
    await user.click(screen.getByRole('button', { name: 'Enviar mensagem' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Por favor, preencha todos os campos.');
    unmount();
    setLanguage('es');
    answer = () => apiError(502, 'CONTACT_NOT_SENT');
    renderContact();
    await user.type(screen.getByLabelText('Nombre'), 'Ana');
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@example.com');
    await user.type(screen.getByLabelText('Mensaje'), 'Una pregunta sobre el plan.');
    await user.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error al enviar el mensaje. Inténtalo de nuevo.',
    );
  });
});
