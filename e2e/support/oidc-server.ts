import type { IncomingMessage } from 'node:http';
import {
  OAuth2Server,
  type MutableRedirectUri,
  type MutableToken,
  type TokenRequestIncomingMessage,
} from 'oauth2-mock-server';
import type { TestProject } from 'vitest/node';
import {
  decodeGoogleAccount,
  GOOGLE_ACCOUNT_COOKIE,
  googleSubject,
  type GoogleAccount,
} from './google-account.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The issuer URL of the local stand-in for Google. */
    googleIssuer: string;
  }
}

const CLIENT_ID = 'summa-e2e.apps.googleusercontent.com';
const CLIENT_SECRET = 'summa-e2e-client-secret';

/** The Google account the browser is signed in to (see support/google-account.ts), if any. */
function accountOf(request: IncomingMessage): GoogleAccount | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === GOOGLE_ACCOUNT_COOKIE) return decodeGoogleAccount(value.join('='));
  }
  return undefined;
}

/**
 * A local OpenID provider on a free port as the stand-in for Google (a fake at the network
 * boundary), for the server under test to use with its production client. Its authorize endpoint
 * signs the visitor in at once as the account the browser's cookie names and redirects straight
 * back; the id_token for the code then describes that account. Answers the server's GOOGLE_*
 * environment and provides the issuer to the specs.
 */
export async function startOidcServer(
  project: TestProject,
): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  const issuer = oidc.issuer.url;
  if (!issuer) throw new Error('the OpenID provider has no issuer URL');

  /** The account each authorization code was issued to, until the server spends the code. */
  const accounts = new Map<string, GoogleAccount>();

  oidc.service.on('beforeAuthorizeRedirect', ({ url }: MutableRedirectUri, request: IncomingMessage) => {
    const code = url.searchParams.get('code');
    if (!code) return;
    const account = accountOf(request);
    if (account && !account.cancels) {
      accounts.set(code, account);
      return;
    }
    // Google's answers for a visitor who cancels, and for one signed in to no account.
    url.searchParams.delete('code');
    url.searchParams.set('error', account ? 'access_denied' : 'login_required');
  });

  oidc.service.on('beforeTokenSigning', (token: MutableToken, request: TokenRequestIncomingMessage) => {
    // Two tokens per code: the access token (it carries a scope), then the id_token.
    const { code } = request.body;
    if ('scope' in token.payload || code === undefined) return;
    const account = accounts.get(code);
    accounts.delete(code);
    // An unknown code gets the mock's own id_token, which names no e-mail: the server refuses it.
    if (!account) return;
    Object.assign(token.payload, {
      sub: googleSubject(account),
      email: account.email,
      email_verified: account.emailVerified,
      name: account.name,
    });
  });

  project.provide('googleIssuer', issuer);
  return {
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CLIENT_SECRET: CLIENT_SECRET, GOOGLE_ISSUER: issuer },
    close: () => oidc.stop(),
  };
}
