/**
 * Generators for what surrounds a request body in the fuzz suite: raw garbage bodies, content
 * types, Accept and Accept-Language values, other client-controlled headers and client addresses.
 */
import fc from 'fast-check';

/** Bodies that are not JSON at all, or broken JSON. */
export const garbageBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '[1,2',
    '"unterminated',
    "{'single':1}",
    '{"a":1,}',
    'NaN',
    'undefined',
    '\uFEFF{}',
    '{"a":1}{"b":2}',
    'null',
    '0',
    '"text"',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  // Invalid UTF-8 inside an otherwise valid JSON string.
  fc
    .uint8Array({ minLength: 1, maxLength: 20 })
    .map((bytes) =>
      Buffer.concat([
        Buffer.from('{"query":"'),
        Buffer.from(bytes.map((b) => b | 0x80)),
        Buffer.from('","lang":"pt"}'),
      ]),
    ),
  fc.constant('x'.repeat(70_000)),
);

export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=latin1',
      'application/json;;',
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/vnd.api+json',
      '*/*',
      '',
      `application/json; ${'x'.repeat(5_000)}`,
    ),
  },
);

/** Printable header text (a header cannot carry NUL or line breaks on the wire). */
const headerText = (maxLength: number) =>
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
    maxLength,
  });

export const acceptLanguage: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constantFrom(
    undefined,
    'pt',
    'en',
    'es',
    'es-MX',
    'pt-BR,pt;q=0.9,en;q=0.8',
    '*',
    'zz',
    'xx-YY;q=2',
    'en;q=abc',
    ';;;,,,',
    'q=1',
    '',
    'EN',
    'ar-SA',
    'he',
    'zh-Hant-TW',
  ),
  headerText(40),
  fc.integer({ min: 1_000, max: 20_000 }).map((length) => 'en-US,'.repeat(length / 6)),
);

export const accept: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  'application/json',
  '*/*',
  'text/html',
  'text/event-stream',
  'application/xml',
  'text/event-stream, application/json;q=0.1',
  ';;;',
);

/** Other headers a client controls: cookies, forwarding headers, a very long user agent. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    cookie: fc.oneof(headerText(80), fc.constant(`summa_google_state=${'s'.repeat(4_000)}`)),
    'x-forwarded-for': fc.oneof(
      fc.constantFrom('127.0.0.1', '::1', 'unknown', '1.2.3.4, 5.6.7.8'),
      headerText(40),
    ),
    'x-forwarded-proto': fc.constantFrom('https', 'http', 'gopher'),
    'user-agent': fc.oneof(headerText(60), fc.constant('Mozilla/5.0 '.repeat(1_500))),
    origin: fc.constantFrom('https://evil.example', 'null'),
    'x-request-id': headerText(60),
  },
  { requiredKeys: [] },
);

/** A client address: a few fixed ones (so rate limits trip) or a fresh one (so requests get through). */
export const remoteAddress: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('203.0.113.7', '203.0.113.8', '2001:db8::1'),
  fc.ipV4(),
  fc.ipV6(),
);
