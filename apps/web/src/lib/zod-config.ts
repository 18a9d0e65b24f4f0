import { config } from 'zod';

// zod compiles object parsers with `new Function` when it may; the CSP forbids eval (script-src
// 'self'), so its probe logged a violation on every page that parsed an object (issue 24).
config({ jitless: true });
