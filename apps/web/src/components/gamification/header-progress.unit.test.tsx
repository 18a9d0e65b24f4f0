import type { ReaderProgress } from '@summa/shared';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { ReaderProgressContext, type ReaderProgressState } from '../../lib/progress/progress-context';
import { testMe } from '../../test/me-fixture';
import { HeaderProgress } from './header-progress';
import { initialsOf, ReaderAvatar } from './reader-avatar';

function state(
  progress: Partial<ReaderProgress>,
  status: ReaderProgressState['status'] = 'ready',
): ReaderProgressState {
  return {
    me: status === 'ready' ? testMe({ progress }) : null,
    status,
    retry: () => undefined,
  };
}

function renderProgress(value: ReaderProgressState) {
  render(
    <MemoryRouter>
      <ReaderProgressContext value={value}>
        <HeaderProgress />
      </ReaderProgressContext>
    </MemoryRouter>,
  );
}

afterEach(() => setLanguage('pt'));

describe('HeaderProgress', () => {
  it("shows today's goal, done of target, and says when it is met; it links to the review", () => {
    setLanguage('en');
    renderProgress(state({ today: { goal: 'cards', done: 7, target: 20, met: false } }));
    const goal = screen.getByRole('link', { name: "Today's goal: 7 of 20 cards" });
    expect(goal.textContent).toContain('7/20');
    expect(goal.getAttribute('href')).toBe('/review');
  });

  it('shows a met goal with its check', () => {
    setLanguage('es');
    renderProgress(state({ today: { goal: 'listening', done: 10, target: 10, met: true } }));
    expect(screen.getByRole('link', { name: 'Meta de hoy cumplida' }).textContent).toContain('10/10');
  });

  it("shows the tier's name, its icon in the tier's colour, the XP, the bar's value and the streak", () => {
    setLanguage('en');
    // Learner spans 100–499: 300 XP is half way.
    renderProgress(state({ xp: 300, level: 2, streak: { current: 7, longest: 9, freezes: 1, today: true } }));
    const level = screen.getByTestId('header-level');
    expect(level.textContent).toBe('Learner');
    const icon = screen.getByTestId('header-progress').querySelector<SVGElement>('svg.lucide-book-open');
    expect(icon?.style.color).toBe('rgb(37, 99, 235)');
    expect(screen.getByTestId('header-progress').textContent).toContain('300 XP');
    const bar = screen.getByRole('progressbar', { name: 'Level Learner: 300 XP, 50% to the next level' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByTestId('header-streak').textContent).toBe('7-day streak');
  });

  it('labels the bar as the top level at Enlightened, full', () => {
    setLanguage('es');
    renderProgress(
      state({ xp: 7200, level: 5, streak: { current: 1, longest: 1, freezes: 0, today: true } }),
    );
    const bar = screen.getByRole('progressbar', { name: 'Nivel Iluminado: 7200 XP, nivel máximo' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByTestId('header-streak').textContent).toBe('Racha de 1 día');
  });

  it('counts a broken streak as 0 in Portuguese', () => {
    setLanguage('pt');
    renderProgress(state({ xp: 0, level: 1, streak: { current: 0, longest: 4, freezes: 0, today: false } }));
    expect(screen.getByTestId('header-level').textContent).toBe('Iniciante');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByTestId('header-streak').textContent).toBe('Sequência de 0 dias');
  });

  it('shows nothing for a visitor, while loading, or outside the provider', () => {
    renderProgress(state({}, 'signed-out'));
    renderProgress(state({}, 'loading'));
    render(<HeaderProgress />);
    expect(screen.queryByTestId('header-progress')).toBeNull();
  });
});

describe('ReaderAvatar', () => {
  it('shows the image when there is one', () => {
    render(<ReaderAvatar url="/avatars/owl.svg" name="Ana Souza" />);
    expect(screen.getByTestId('reader-avatar').getAttribute('src')).toBe('/avatars/owl.svg');
  });

  it('falls back to initials, then to a placeholder', () => {
    render(<ReaderAvatar url={null} name="ana maria souza" />);
    expect(screen.getByTestId('reader-avatar').textContent).toBe('AS');
    expect(initialsOf('  bookworm ')).toBe('B');
    expect(initialsOf('Élise')).toBe('É');
  });

  it('draws a placeholder without a name', () => {
    render(<ReaderAvatar url={null} name={null} />);
    expect(screen.getByTestId('avatar-placeholder').querySelector('svg.lucide-user-round')).not.toBeNull();
  });
});
