/**
 * What a start-up job (an import, a seed) needs of the app's logger: a line that says what it did.
 * Pino's logger is one; a test passes a spy.
 */
export interface InfoLog {
  info(o: object, m: string): void;
}
