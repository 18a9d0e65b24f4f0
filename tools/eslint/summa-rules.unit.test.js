import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { summaRules } from './summa-rules.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

/** A case the rule refuses: `code` in `filename` is reported once, as `messageId` (with `data`). */
const refused = (filename, code, messageId, data) => ({
  filename,
  code,
  errors: [data ? { messageId, data } : { messageId }],
});
const routes = '/repo/apps/server/src/features/books/books.routes.ts';

tester.run('routes-call-services', summaRules.rules['routes-call-services'], {
  valid: [
    { filename: routes, code: "import { readBook } from './books.service.js';" },
    { filename: routes, code: "import type { BookCatalog } from '../../ports/book-catalog.js';" },
    // Services (and everything but routes) may use repositories.
    {
      filename: '/repo/apps/server/src/features/books/books.service.ts',
      code: "import { findBook } from './books.repository.js';",
    },
  ],
  invalid: [
    refused(routes, "import { findBook } from './books.repository.js';", 'repositoryInRoutes'),
    refused(routes, "import type { BookRow } from './generation/books.repository';", 'repositoryInRoutes'),
    refused(routes, "export { findBook } from './books.repository.js';", 'repositoryInRoutes'),
    refused(routes, "const repository = await import('./books.repository.js');", 'repositoryInRoutes'),
  ],
});

const plugin = '/repo/apps/server/src/plugins/auth.ts';

tester.run('feature-boundaries', summaRules.rules['feature-boundaries'], {
  valid: [
    // A plugin depends on ports (bound to a feature by the composition root), not on the feature.
    { filename: plugin, code: "import type { SessionCheck } from '../ports/session-check.js';" },
    { filename: plugin, code: "import { AppError } from '../http/app-error.js';" },
    // The composition root and app.ts sit above the features: they bind them.
    {
      filename: '/repo/apps/server/src/composition.ts',
      code: "import { SessionService } from './features/auth/session.service.js';",
    },
    // Inside one feature, anything goes.
    {
      filename: '/repo/apps/server/src/features/auth/auth.routes.ts',
      code: "import { SessionService } from './session.service.js';",
    },
  ],
  invalid: [
    refused(
      plugin,
      "import { findActiveSessions } from '../features/auth/sessions.repository.js';",
      'layerImportsFeature',
      { from: 'plugins', to: 'auth' },
    ),
    refused(
      '/repo/apps/server/src/providers/storage/local-storage.ts',
      "import type { AuthDeps } from '../../features/auth/session.service.js';",
      'layerImportsFeature',
      { from: 'providers', to: 'auth' },
    ),
    refused(
      '/repo/apps/server/src/single-flight/leased-flights.ts',
      "export { GenerationFlights } from '../features/summaries/generation/generation-flights.js';",
      'layerImportsFeature',
      { from: 'single-flight', to: 'summaries' },
    ),
    refused(
      '/repo/apps/server/src/http/json-or-stream.ts',
      "const audio = await import('../features/audio/audio-error.js');",
      'layerImportsFeature',
      { from: 'http', to: 'audio' },
    ),
    refused(
      '/repo/apps/server/src/db/effective-plan.ts',
      "import { findPlan } from '../features/usage/usage.repository.js';",
      'layerImportsFeature',
      { from: 'db', to: 'usage' },
    ),
    refused(
      '/repo/apps/server/src/features/audio/audio.service.ts',
      "import { SummariesService } from '../summaries/summaries.service.js';",
      'crossFeature',
      { from: 'audio', to: 'summaries' },
    ),
  ],
});

tester.run('repository-only-database', summaRules.rules['repository-only-database'], {
  valid: [
    // Repositories, wherever they live, and the db layer itself.
    {
      filename: '/repo/apps/server/src/features/auth/sessions.repository.ts',
      code: "import { eq } from 'drizzle-orm';",
    },
    {
      filename: '/repo/apps/server/src/single-flight/work-leases.repository.ts',
      code: "import { and, eq } from 'drizzle-orm';",
    },
    {
      filename: '/repo/apps/server/src/db/pglite-database.ts',
      code: "import { PGlite } from '@electric-sql/pglite';",
    },
    // Types cost nothing at run time.
    { filename: plugin, code: "import type { PgDatabase } from 'drizzle-orm/pg-core';" },
  ],
  invalid: [
    refused(plugin, "import { eq } from 'drizzle-orm';", 'notRepository'),
    refused(
      '/repo/apps/server/src/single-flight/leased-flights.ts',
      "import { sql } from 'drizzle-orm';",
      'notRepository',
    ),
    refused('/repo/apps/server/src/features/usage/usage.service.ts', "import pg from 'pg';", 'notRepository'),
  ],
});
