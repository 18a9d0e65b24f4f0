import type { LogStream } from './log-redaction.js';

/** How log lines look: JSON for machines (production, containers, CI), short text for a person. */
export type LogFormat = 'pretty' | 'json';

/** LOG_FORMAT when set; otherwise readable at a terminal and JSON when stdout is a pipe or a file. */
export function resolveLogFormat(configured: LogFormat | undefined, isTty: boolean): LogFormat {
  return configured ?? (isTty ? 'pretty' : 'json');
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** Fields every pino line carries that a person does not need to read. */
const HIDDEN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId']);

function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** One pino JSON line as `HH:MM:SS LEVEL message` and its fields, one per line. Redaction already ran. */
export function formatLogLine(line: string): string {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  if (typeof entry !== 'object' || entry === null) return `${line.trimEnd()}\n`;
  const record = entry as Record<string, unknown>; // parsed from pino's own output, not from the network
  const time = typeof record.time === 'number' ? new Date(record.time).toTimeString().slice(0, 8) : '';
  const level = LEVELS[typeof record.level === 'number' ? record.level : 30] ?? 'INFO';
  const fields = Object.entries(record)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]) => `           ${key}: ${fieldText(value)}\n`);
  return `${time} ${level.padEnd(5)} ${fieldText(record.msg ?? '')}\n${fields.join('')}`;
}

/** A pino destination that writes readable lines to `out`. */
export function prettyLogStream(out: { write(text: string): unknown }): LogStream {
  return { write: (line: string) => void out.write(formatLogLine(line)) };
}
