import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { summaRules } from './summa-rules.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
});
const file = '/repo/apps/web/src/features/summary/summary-api.ts';

tester.run('no-api-path-literals', summaRules.rules['no-api-path-literals'], {
  valid: [
    // Through the endpoint table.
    { filename: file, code: 'const summary = await apiCall(ENDPOINTS.summaries.get, { params: { id } });' },
    { filename: file, code: 'const path = pathOf(ENDPOINT_ROUTES.summaries.pdf, { id });' },
    // Paths of the app's own screens, and text that only mentions the API.
    { filename: file, code: "navigate('/summary/' + id);" },
    { filename: file, code: 'const link = `/summary/${encodeURIComponent(id)}`;' },
    { filename: file, code: "const note = 'read from /api/me';" },
    { filename: file, code: "const api = '/api';" },
    // A comment may name the endpoint it stands for.
    { filename: file, code: '/** GET /api/me */\nexport const me = ENDPOINTS.gamification.me;' },
  ],
  invalid: [
    {
      filename: file,
      code: "apiRequest('/api/me', meResponseSchema);",
      errors: [{ messageId: 'literal', data: { path: '/api/me' } }],
    },
    {
      filename: file,
      code: 'apiRequest(`/api/summaries/${encodeURIComponent(id)}/pdf`, schema);',
      errors: [{ messageId: 'literal', data: { path: '/api/summaries/' } }],
    },
    {
      filename: file,
      code: 'const path = `/api/history`;',
      errors: [{ messageId: 'literal', data: { path: '/api/history' } }],
    },
    {
      filename: '/repo/apps/web/src/features/auth/google-button.tsx',
      code: 'const link = <a href="/api/auth/google/start">x</a>;',
      errors: [{ messageId: 'literal', data: { path: '/api/auth/google/start' } }],
    },
  ],
});
