import { act, fireEvent, render, screen } from '@testing-library/react';
import confetti from 'canvas-confetti';
import { Trophy } from 'lucide-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { CelebrationOverlay, type CelebrationOverlayProps } from './celebration-overlay';

// The confetti library draws on a canvas jsdom does not have; the test only records its calls.
vi.mock('canvas-confetti', () => ({ default: Object.assign(vi.fn(), { reset: vi.fn() }) }));

const fire = vi.mocked(confetti);

interface PlayedSound {
  src: string;
  volume: number;
}
let played: PlayedSound[];

function stubMotionPreference(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query.includes('prefers-reduced-motion: reduce') })),
  );
}

function props(overrides: Partial<CelebrationOverlayProps> = {}): CelebrationOverlayProps {
  return {
    show: true,
    title: 'First read',
    description: 'Read your first summary.',
    xpReward: 50,
    onComplete: vi.fn(),
    ...overrides,
  };
}

/** The particle count and horizontal origin of every burst so far. */
const bursts = () =>
  fire.mock.calls.map(([options]) => ({ count: options?.particleCount, x: options?.origin?.x ?? -1 }));

beforeEach(() => {
  vi.useFakeTimers();
  setLanguage('en');
  fire.mockClear();
  vi.mocked(confetti.reset).mockClear();
  played = [];
  // Records what would play; `play()` refuses, as a browser's autoplay rule may.
  vi.stubGlobal(
    'Audio',
    class {
      volume = 1;
      constructor(readonly src: string) {}
      play() {
        played.push(this);
        return Promise.reject(new DOMException('not allowed', 'NotAllowedError'));
      }
    },
  );
  stubMotionPreference(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('CelebrationOverlay', () => {
  it('shows the card with a trophy, the texts and the gold XP badge, and plays the chime at half volume', () => {
    render(<CelebrationOverlay {...props()} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('First read');
    expect(status.textContent).toContain('Read your first summary.');
    expect(screen.getByTestId('celebration-xp').textContent).toBe('+50 XP');
    expect(screen.getByTestId('celebration-overlay').className).toContain('pointer-events-none');
    expect(status.querySelector('svg.lucide-trophy')).not.toBeNull();
    expect(played).toEqual([expect.objectContaining({ src: '/sounds/celebration.wav', volume: 0.5 })]);
  });

  it('fires two bursts every 250 ms for 3 s, from the left and right origins, falling from 50 to 0 particles', () => {
    render(<CelebrationOverlay {...props()} />);
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    const all = bursts();
    // Bursts at 0, 250, …, 2750 ms: twelve pairs; the one at 3000 ms would have 0 particles.
    expect(all).toHaveLength(24);
    for (let tick = 0; tick < 12; tick++) {
      const expected = Math.round(50 * (1 - (tick * 250) / 3000));
      const [left, right] = [all[tick * 2], all[tick * 2 + 1]];
      expect(left?.count).toBe(expected);
      expect(right?.count).toBe(expected);
      expect(left?.x).toBeGreaterThanOrEqual(0.1);
      expect(left?.x).toBeLessThanOrEqual(0.3);
      expect(right?.x).toBeGreaterThanOrEqual(0.7);
      expect(right?.x).toBeLessThanOrEqual(0.9);
    }
    expect(all[0]?.count).toBe(50);
  });

  it('fires each burst on its 250 ms tick, not before', () => {
    render(<CelebrationOverlay {...props()} />);
    expect(fire).toHaveBeenCalledTimes(2);
    act(() => {
      vi.advanceTimersByTime(249);
    });
    expect(fire).toHaveBeenCalledTimes(2);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(fire).toHaveBeenCalledTimes(4);
    expect(bursts()[2]?.count).toBe(46);
  });

  it('hides itself and calls onComplete once, 5 s after appearing', () => {
    const onComplete = vi.fn();
    render(<CelebrationOverlay {...props({ onComplete })} />);
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.queryByTestId('celebration-overlay')).not.toBeNull();
    expect(onComplete).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('celebration-overlay')).toBeNull();
    expect(onComplete).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('stops its confetti and its timer when show turns false, and starts afresh when it turns true', () => {
    const onComplete = vi.fn();
    const { rerender } = render(<CelebrationOverlay {...props({ onComplete })} />);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    const before = fire.mock.calls.length;
    rerender(<CelebrationOverlay {...props({ onComplete, show: false })} />);
    expect(screen.queryByTestId('celebration-overlay')).toBeNull();
    expect(confetti.reset).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(fire.mock.calls.length).toBe(before);
    expect(onComplete).not.toHaveBeenCalled();

    rerender(<CelebrationOverlay {...props({ onComplete, show: true })} />);
    expect(screen.queryByTestId('celebration-overlay')).not.toBeNull();
    expect(played).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('clears its timers on unmount', () => {
    const onComplete = vi.fn();
    const { unmount } = render(<CelebrationOverlay {...props({ onComplete })} />);
    unmount();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(fire).toHaveBeenCalledTimes(2);
    expect(onComplete).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows nothing and plays nothing while show is false', () => {
    render(<CelebrationOverlay {...props({ show: false })} />);
    expect(screen.queryByTestId('celebration-overlay')).toBeNull();
    expect(played).toHaveLength(0);
    expect(fire).not.toHaveBeenCalled();
  });

  it('with reduced motion: the card and its timer, but no confetti', () => {
    stubMotionPreference(true);
    const onComplete = vi.fn();
    render(<CelebrationOverlay {...props({ onComplete })} />);
    expect(screen.getByTestId('celebration-overlay')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(fire).not.toHaveBeenCalled();
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('closes at once on Escape or a pointer press anywhere, stopping its confetti (issue 23)', () => {
    for (const press of [
      () => {
        fireEvent.keyDown(document.body, { key: 'Escape' });
      },
      () => {
        fireEvent.pointerDown(document.body);
      },
    ]) {
      const onComplete = vi.fn();
      const { unmount } = render(<CelebrationOverlay {...props({ onComplete })} />);
      vi.mocked(confetti.reset).mockClear();
      fireEvent.keyDown(document.body, { key: 'Enter' });
      expect(screen.queryByTestId('celebration-overlay')).not.toBeNull();
      act(press);
      expect(screen.queryByTestId('celebration-overlay')).toBeNull();
      expect(onComplete).toHaveBeenCalledTimes(1);
      expect(confetti.reset).toHaveBeenCalledTimes(1);
      const bursts = fire.mock.calls.length;
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
      expect(fire.mock.calls.length).toBe(bursts);
      expect(onComplete).toHaveBeenCalledTimes(1);
      unmount();
    }
  });

  it('lists what is celebrated together, each with its XP, and says how to close it', () => {
    render(
      <CelebrationOverlay
        {...props({
          title: '2 achievements unlocked!',
          description: '',
          xpReward: 30,
          items: [
            { key: 'first_read', title: 'First read', icon: Trophy, xp: 10 },
            { key: 'first_summary', title: 'First summary', icon: Trophy, xp: 20 },
          ],
        })}
      />,
    );
    const items = screen.getByTestId('celebration-items');
    expect([...items.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'First read+10 XP',
      'First summary+20 XP',
    ]);
    expect(screen.getByTestId('celebration-xp').textContent).toBe('+30 XP');
    expect(screen.getByRole('status').textContent).toContain('Tap the screen or press Esc to close.');
  });
});
