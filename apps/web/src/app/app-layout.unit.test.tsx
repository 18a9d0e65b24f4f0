import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { AppLayout } from './app-layout';

/** Stands for whichever page the route shows. */
function Content() {
  return <div data-testid="page" />;
}

function renderLayout() {
  const router = createMemoryRouter(
    [{ path: '/', Component: AppLayout, children: [{ path: 'faq', Component: Content }] }],
    {
      initialEntries: ['/faq'],
    },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  setLanguage('pt');
});

describe('AppLayout', () => {
  it('puts the page between the header and the footer, behind a skip link, in Portuguese', async () => {
    setLanguage('pt');
    const user = userEvent.setup();
    renderLayout();

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Pular para o conteúdo' });
    expect(document.activeElement).toBe(skip);
    expect(skip.getAttribute('href')).toBe('#main');

    const main = screen.getByRole('main');
    expect(main.id).toBe('main');
    expect(within(main).getByTestId('page')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    // The skip link comes first, then the header, the page and the footer.
    const order = [skip, screen.getByRole('banner'), main, screen.getByRole('contentinfo')];
    for (let index = 1; index < order.length; index += 1) {
      const before = order[index - 1]!;
      expect(before.compareDocumentPosition(order[index]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('translates the skip link', () => {
    setLanguage('en');
    renderLayout();
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main');
  });
});
