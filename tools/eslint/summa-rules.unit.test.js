import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { summaRules } from './summa-rules.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
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
    {
      filename: routes,
      code: "import { findBook } from './books.repository.js';",
      errors: [{ messageId: 'repositoryInRoutes' }],
    },
    {
      filename: routes,
      code: "import type { BookRow } from './generation/books.repository';",
      errors: [{ messageId: 'repositoryInRoutes' }],
    },
    {
      filename: routes,
      code: "export { findBook } from './books.repository.js';",
      errors: [{ messageId: 'repositoryInRoutes' }],
    },
    {
      filename: routes,
      code: "const repository = await import('./books.repository.js');",
      errors: [{ messageId: 'repositoryInRoutes' }],
    },
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
    {
      filename: plugin,
      code: "import { findActiveSessions } from '../features/auth/sessions.repository.js';",
      errors: [{ messageId: 'layerImportsFeature', data: { from: 'plugins', to: 'auth' } }],
    },
    {
      filename: '/repo/apps/server/src/providers/storage/local-storage.ts',
      code: "import type { AuthDeps } from '../../features/auth/session.service.js';",
      errors: [{ messageId: 'layerImportsFeature', data: { from: 'providers', to: 'auth' } }],
    },
    {
      filename: '/repo/apps/server/src/single-flight/leased-flights.ts',
      code: "export { GenerationFlights } from '../features/summaries/generation/generation-flights.js';",
      errors: [{ messageId: 'layerImportsFeature', data: { from: 'single-flight', to: 'summaries' } }],
    },
    {
      filename: '/repo/apps/server/src/http/json-or-stream.ts',
      code: "const audio = await import('../features/audio/audio-error.js');",
      errors: [{ messageId: 'layerImportsFeature', data: { from: 'http', to: 'audio' } }],
    },
    {
      filename: '/repo/apps/server/src/db/effective-plan.ts',
      code: "import { findPlan } from '../features/usage/usage.repository.js';",
      errors: [{ messageId: 'layerImportsFeature', data: { from: 'db', to: 'usage' } }],
    },
    {
      filename: '/repo/apps/server/src/features/audio/audio.service.ts',
      code: "import { SummariesService } from '../summaries/summaries.service.js';",
      errors: [{ messageId: 'crossFeature', data: { from: 'audio', to: 'summaries' } }],
    },
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
    {
      filename: plugin,
      code: "import { eq } from 'drizzle-orm';",
      errors: [{ messageId: 'notRepository' }],
    },
    {
      filename: '/repo/apps/server/src/single-flight/leased-flights.ts',
      code: "import { sql } from 'drizzle-orm';",
      errors: [{ messageId: 'notRepository' }],
    },
    {
      filename: '/repo/apps/server/src/features/usage/usage.service.ts',
      code: "import pg from 'pg';",
      errors: [{ messageId: 'notRepository' }],
    },
  ],
});
