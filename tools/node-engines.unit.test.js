// `npm ci` on Node 20 warns that content-disposition@3 and cookie@2 need Node 22. They are ES modules
// that their CommonJS dependents (@fastify/static, light-my-request) load with require(), which Node
// supports without a flag since 20.19: the floor in `engines`. This test loads them the same way and
// checks that the README explains the warnings.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const requireFrom = (pkg) => createRequire(path.join(ROOT, 'node_modules', pkg, 'package.json'));

describe('Node engines', () => {
  it('the floor is Node 20.19, the first Node 20 that requires ES modules without a flag', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe('>=20.19.0');
    const [major, minor] = process.versions.node.split('.').map(Number);
    expect(major > 20 || (major === 20 && minor >= 19)).toBe(true);
  });

  it('content-disposition@3 works when @fastify/static requires it', () => {
    const { create } = requireFrom('@fastify/static')('content-disposition');
    expect(create('résumé.pdf')).toBe(
      `attachment; filename="r?sum?.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf`,
    );
  });

  it('cookie@2 works when light-my-request requires it', () => {
    const { stringifySetCookie } = requireFrom('light-my-request')('cookie');
    expect(stringifySetCookie({ name: 'a', value: 'b', httpOnly: true })).toBe('a=b; HttpOnly');
  });

  it('the README explains the EBADENGINE warnings on Node 20', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toMatch(/EBADENGINE/);
    expect(readme).toMatch(/content-disposition@3/);
    expect(readme).toMatch(/cookie@2/);
  });
});
