/**
 * The web app's one way to report a problem the user does not need to see (for example a failed
 * suggestion fetch, spec §8). It writes a warning to the browser console for developers.
 */
export function logWarning(message: string, detail?: unknown): void {
  // eslint-disable-next-line no-console -- the single place the web app writes to the console
  console.warn(`[summa] ${message}`, detail);
}
