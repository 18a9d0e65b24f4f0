import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client';

/**
 * A fresh query client with the app's defaults, except that a failed read fails at once instead
 * of being tried again after a pause (each test says what the server answers, and when).
 */
export function testQueryClient(): QueryClient {
  return createQueryClient({ queries: { retry: false } });
}

/**
 * `render` under a query client of the test's own, as the app renders under its one (AppLayout):
 * every test starts with an empty cache. The client is returned for tests that look into it.
 */
export function renderWithQueries(
  ui: ReactElement,
  options: Omit<RenderOptions, 'wrapper'> = {},
  client: QueryClient = testQueryClient(),
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return { client, ...render(ui, { ...options, wrapper }) };
}
