import { describe, expect, expectTypeOf, it } from 'vitest';
import { AUTH_PATHS } from './auth-constants.js';
import { allEndpoints, ENDPOINT_ROUTES, ENDPOINTS, pathOf, type EndpointRoute } from './endpoints.js';

describe('the endpoint table', () => {
  it('builds concrete paths from parameters, URL-encoded', () => {
    expect(pathOf(ENDPOINTS.summaries.get, { id: 'a b/c' })).toBe('/api/summaries/a%20b%2Fc');
    expect(pathOf(ENDPOINTS.admin.grantPremium, { id: 42 })).toBe('/api/admin/users/42/premium');
    expect(pathOf(ENDPOINTS.files.get, { '*': 'audio/ä 1.mp3' })).toBe('/api/files/audio/%C3%A4%201.mp3');
    expect(pathOf(ENDPOINTS.auth.login)).toBe('/api/auth/login');
  });

  it('types the parameters each path takes', () => {
    expectTypeOf(pathOf<'/api/summaries/:id'>)
      .parameter(1)
      .toEqualTypeOf<{ readonly id: string | number }>();
    // @ts-expect-error: the summary's id is required
    expect(() => pathOf(ENDPOINTS.summaries.get)).toThrow(/no value for "id"/);
  });

  it('keeps every entry of the light table, with its method and path', () => {
    const light = Object.entries(ENDPOINT_ROUTES).flatMap(([group, routes]) =>
      Object.entries<EndpointRoute>(routes).map(
        ([name, route]) => `${group}.${name} ${route.method} ${route.path}`,
      ),
    );
    const full = allEndpoints().map(
      ({ group, name, endpoint }) => `${group}.${name} ${endpoint.method} ${endpoint.path}`,
    );
    expect(full).toEqual(light);
    expect(new Set(full.map((entry) => entry.split(' ').slice(1).join(' '))).size).toBe(full.length);
  });

  it('keeps AUTH_PATHS as the auth group of the table', () => {
    expect(AUTH_PATHS.login).toBe(ENDPOINTS.auth.login.path);
    expect(Object.keys(AUTH_PATHS)).toEqual(Object.keys(ENDPOINTS.auth));
    expectTypeOf(AUTH_PATHS.googleCallback).toEqualTypeOf<'/api/auth/google/callback'>();
  });
});
