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
