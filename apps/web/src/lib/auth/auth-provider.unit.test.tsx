import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json, noContent } from '../../test/fake-api';
import { testSession } from '../../test/session-fixture';
import { currentLanguage, setLanguage } from '../i18n';
import { authClient } from './auth-client';
import { AuthProvider } from './auth-provider';

afterEach(async () => {
  await authClient.signOut();
  vi.unstubAllGlobals();
  setLanguage('pt');
});

describe("AuthProvider: the account's language (issue 23)", () => {
  it("switches the interface to the account's preferred language on sign-in", async () => {
    const session = testSession({ language: 'pt' });
    fakeApi({ 'POST /api/auth/login': () => json(session), 'POST /api/auth/logout': noContent });
    // An English browser, or an English choice made before signing in.
    setLanguage('en');
    render(
      <AuthProvider>
        <div />
      </AuthProvider>,
    );
    await act(() => authClient.signInWithPassword({ email: session.user.email, password: 'secret1' }));
    expect(currentLanguage()).toBe('pt');
    expect(localStorage.getItem('language')).toBe('pt');
    expect(document.documentElement.lang).toBe('pt-BR');
  });

  it('leaves the language alone when a session is only renewed', async () => {
    const session = testSession({ language: 'es' });
    fakeApi({
      'POST /api/auth/login': () => json(session),
      'POST /api/auth/refresh': () => json(testSession({ language: 'es', tokenSuffix: 'renewed' })),
      'POST /api/auth/logout': noContent,
    });
    render(
      <AuthProvider>
        <div />
      </AuthProvider>,
    );
    await act(() => authClient.signInWithPassword({ email: session.user.email, password: 'secret1' }));
    expect(currentLanguage()).toBe('es');
    // Switched afterwards (the header saves it to the account); a renewal does not undo it.
    setLanguage('en');
    await act(() => authClient.refreshSession());
    expect(currentLanguage()).toBe('en');
  });
});
