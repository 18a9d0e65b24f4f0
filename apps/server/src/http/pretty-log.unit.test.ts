import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './log-redaction.js';
import { formatLogLine, prettyLogStream, resolveLogFormat } from './pretty-log.js';

describe('log format', () => {
  it('is readable at a terminal, JSON otherwise, and LOG_FORMAT wins', () => {
    expect(resolveLogFormat(undefined, true)).toBe('pretty');
    expect(resolveLogFormat(undefined, false)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
  });

  it('prints the level, the message and each field on its own line', () => {
    const line = JSON.stringify({
      level: 40,
      time: 0,
      pid: 1,
      hostname: 'h',
      msg: 'careful',
      open: 'http://x',
    });
    const text = formatLogLine(line);
    expect(text).toMatch(/^\d\d:\d\d:\d\d WARN {2}careful\n {11}open: http:\/\/x\n$/);
    expect(text).not.toContain('hostname');
  });

  it('keeps the redaction: secrets never reach the readable lines', () => {
    let out = '';
    const logger = pino(loggerOptions('info'), prettyLogStream({ write: (text: string) => (out += text) }));
    logger.info({ body: { password: 'hunter2' }, headers: { authorization: 'Bearer s3cret' } }, 'login');
    expect(out).toContain('login');
    expect(out).not.toContain('hunter2');
    expect(out).not.toContain('s3cret');
  });
});
