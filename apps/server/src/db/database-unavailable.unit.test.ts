import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    [
      'an administrator shutdown (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception class 08', withCode('08006')],
    ['a statement timeout (57014)', withCode('57014', 'canceling statement due to statement timeout')],
    ['an idle-in-transaction timeout (25P03)', withCode('25P03')],
    ['the pool giving up on a connection', new Error('timeout exceeded when trying to connect')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a query that got no answer in time', new Error('Query read timeout')],
    ['a closed PGlite', new Error('PGlite is closed')],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('looks through drizzle wrapping (cause) and AggregateError', () => {
    const wrapped = new Error('Failed query: select 1', { cause: withCode('57P01') });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    const aggregate = new AggregateError(
      [withCode('ECONNREFUSED'), withCode('ECONNREFUSED')],
      'connect failed',
    );
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: aggregate }))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505', 'duplicate key value')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['a non-error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('leaves %s alone', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on a cycle of causes', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
