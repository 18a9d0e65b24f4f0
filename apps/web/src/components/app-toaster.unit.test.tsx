import { act, render, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { READING_TOAST_DURATION_MS, toast as appToast } from '../lib/toast';
import { AppToaster, TOAST_DURATION_MS, TOAST_TOP_OFFSET } from './app-toaster';

/** Sonner's exit animation: a closed toast leaves the page this long after it starts closing. */
const EXIT_ANIMATION_MS = 200;

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function shownToasts() {
  return [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].map((element) => ({
    text: element.textContent.trim(),
    closing: element.dataset.removed === 'true',
  }));
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
  setLanguage('pt');
});

describe('AppToaster (spec §9: toasts last 800 ms)', () => {
  it('keeps the duration at 800 ms', () => {
    expect(TOAST_DURATION_MS).toBe(800);
  });

  it('shows a toast and closes it 800 ms later', async () => {
    render(<AppToaster />);
    act(() => {
      toast('Saved');
    });
    // Sonner puts a new toast on screen on the next tick.
    await advance(0);
    expect(shownToasts()).toEqual([{ text: 'Saved', closing: false }]);

    await advance(TOAST_DURATION_MS - 1);
    expect(shownToasts()).toEqual([{ text: 'Saved', closing: false }]);

    await advance(1);
    expect(shownToasts()).toEqual([{ text: 'Saved', closing: true }]);

    await advance(EXIT_ANIMATION_MS);
    expect(shownToasts()).toEqual([]);
  });

  it("labels the region and the close button in the reader's language", async () => {
    setLanguage('pt');
    render(<AppToaster />);
    act(() => {
      toast('Salvo');
    });
    await advance(0);
    const region = screen.getByRole('region', { name: /^Notificações/ });
    expect(within(region).getByRole('button', { name: 'Fechar notificação' })).toBeTruthy();

    act(() => {
      setLanguage('es');
    });
    expect(screen.getByRole('region', { name: /^Notificaciones/ })).toBe(region);
    expect(within(region).getByRole('button', { name: 'Cerrar notificación' })).toBeTruthy();
  });

  it('starts below the 64 px sticky header on a phone and on a laptop, so a toast never covers it', async () => {
    render(<AppToaster />);
    act(() => {
      toast('Saved');
    });
    await advance(0);
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]');
    expect(toaster?.dataset.yPosition).toBe('top');
    expect(TOAST_TOP_OFFSET).toBe('calc(4rem + 8px)');
    expect(toaster?.style.getPropertyValue('--offset-top')).toBe(TOAST_TOP_OFFSET);
    expect(toaster?.style.getPropertyValue('--mobile-offset-top')).toBe(TOAST_TOP_OFFSET);
  });
});

describe("the app's toasts (issue 23: errors long enough to read, WCAG 2.2.1)", () => {
  it('keeps a success toast 800 ms, and an error or a toast with an action at least 6 s', async () => {
    expect(READING_TOAST_DURATION_MS).toBeGreaterThanOrEqual(6000);
    render(<AppToaster />);
    act(() => {
      appToast.success('+10 XP');
      appToast.error('Could not save', { description: 'Please try again.' });
      appToast('Summary removed', { action: { label: 'Undo', onClick: () => undefined } });
    });
    await advance(0);
    const open = () =>
      shownToasts()
        .filter((shown) => !shown.closing)
        .map((shown) => shown.text);
    expect(open()).toHaveLength(3);

    await advance(TOAST_DURATION_MS);
    expect(open()).toEqual(['Summary removedUndo', 'Could not savePlease try again.']);

    await advance(6000 - TOAST_DURATION_MS - 1);
    expect(open()).toHaveLength(2);
    await advance(READING_TOAST_DURATION_MS - 6000 + 1);
    expect(open()).toEqual([]);
  });

  it('offers a close button on an error, which dismisses it at once', async () => {
    setLanguage('en');
    render(<AppToaster />);
    act(() => {
      appToast.error('Could not save');
    });
    await advance(0);
    const close = screen.getByRole('button', { name: 'Close notification' });
    act(() => {
      close.click();
    });
    await advance(EXIT_ANIMATION_MS);
    expect(shownToasts()).toEqual([]);
  });
});
