/**
 * Work that must finish before the process exits, registered by what main.ts does not know of
 * (the tracing SDK flushing its last spans). main.ts runs them after the app has closed.
 */
const hooks: (() => Promise<void>)[] = [];

export function beforeExit(hook: () => Promise<void>): void {
  hooks.push(hook);
}

/** Runs every registered hook; a failing one does not stop the others. */
export async function runBeforeExit(): Promise<void> {
  await Promise.allSettled(hooks.map((hook) => hook()));
}
