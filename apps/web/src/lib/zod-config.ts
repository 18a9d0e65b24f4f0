import { config } from 'zod/v4/core';

// zod compiles object parsers with `new Function` when it may; the CSP forbids eval (script-src
// 'self'), so its probe logged a violation on every page that parsed an object (issue 24). The
// core's setting: the app's zod and the islands' zod/mini share it.
config({ jitless: true });
