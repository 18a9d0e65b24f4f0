/**
 * Proof that the person at the keyboard is the reader, before an irreversible act (deleting the
 * account); implemented by features/auth (AccountSecurityService).
 */
export interface ReaderReauthentication {
  /**
   * Resolves when the reader proved it is them: the account's password when it has one (400
   * PASSWORD_REQUIRED without it, 400 WRONG_PASSWORD when wrong); for an account without a
   * password, a Google sign-in of this session within the last minutes (403 REAUTH_REQUIRED).
   */
  confirmReader(user: { id: string; sessionId: string }, password: string | undefined): Promise<void>;
}
