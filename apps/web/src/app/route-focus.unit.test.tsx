import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteFocus } from './route-focus';

/** Test-only texts (not interface text). */
const TEXT = {
  header: 'In the header',
  faq: 'FAQ',
  title: 'Atomic Habits',
  loading: 'Loading…',
};

function Layout() {
  return (
    <>
      <a href="/faq">{TEXT.header}</a>
      <main id="main">
        <Outlet />
      </main>
      <RouteFocus mainId="main" />
    </>
  );
}

const Faq = () => <h1>{TEXT.faq}</h1>;

/** Like the summary: a skeleton first, the heading once loaded. */
function Summary() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 20);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <h1>{TEXT.title}</h1> : <p>{TEXT.loading}</p>;
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Layout,
        children: [
          { path: 'faq', Component: Faq },
          { path: 'summary', Component: Summary },
        ],
      },
    ],
    { initialEntries: ['/faq'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('RouteFocus (issue 14)', () => {
  it('leaves focus alone on the first page load', () => {
    renderApp();
    expect(document.activeElement).toBe(document.body);
  });

  it("moves focus to the new page's heading once it appears, and to the next one's", async () => {
    const router = renderApp();
    screen.getByText('In the header').focus();
    await act(() => router.navigate('/summary'));
    const heading = await screen.findByRole('heading', { name: 'Atomic Habits' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.tabIndex).toBe(-1);

    await act(() => router.navigate('/faq'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'FAQ' }));
  });

  it('does not move focus when only the query changes', async () => {
    const router = renderApp();
    const link = screen.getByText('In the header');
    link.focus();
    await act(() => router.navigate('/faq?q=plans'));
    expect(document.activeElement).toBe(link);
  });
});
