import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Lowers this process's scheduling priority to `nice` (ADR 0038), never raising it (that needs
 * privileges). On Linux a priority belongs to a thread, and a new thread takes its creator's: so
 * every thread running now (V8's, libuv's pool) is lowered, and the threads started later (the
 * model's) follow.
 */
export function yieldCpu(nice: number): void {
  const target = Math.max(getPriority(), nice);
  let threads: string[] = [];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    // Not Linux: the process's priority is all there is.
  }
  for (const thread of threads) {
    try {
      setPriority(Number(thread), target);
    } catch {
      // The thread ended in the meantime.
    }
  }
  setPriority(target);
}
