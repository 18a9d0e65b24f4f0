import { GENERATION_STEPS, type GenerateSummaryRequest } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { FUN_MESSAGE_INTERVAL_MS, GenerationOverlay, STEPS } from './generation-overlay';
import type { GenerationState, RunningStep } from './generation-state';

const REQUEST: GenerateSummaryRequest = {
  bookTitle: 'Atomic Habits',
  bookAuthor: 'James Clear',
  language: 'en',
};
const PERCENT: Record<RunningStep, number> = { resolve: 25, summarize: 50, polish: 75, done: 100 };
const en = translations.en.generate.overlay;

function running(
  step: RunningStep,
  sections: Array<{ key: 'oneLiner' | 'keyIdeas' | 'actions' | 'routine'; value: unknown }> = [],
): GenerationState {
  return { phase: 'running', request: REQUEST, step, percent: PERCENT[step], sections };
}

const failed = (message: string): GenerationState => ({
  phase: 'failed',
  request: REQUEST,
  code: 'BOOK_NOT_IDENTIFIED',
  message,
});

const onCancel = vi.fn();

function show(state: GenerationState) {
  const view = render(<GenerationOverlay state={state} onCancel={onCancel} />);
  return {
    update: (next: GenerationState) => view.rerender(<GenerationOverlay state={next} onCancel={onCancel} />),
  };
}

const funMessage = () => screen.getByTestId('fun-message').textContent;
const stepItems = () => [...document.querySelectorAll<HTMLElement>('li[data-step]')];

async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  vi.useFakeTimers();
  setLanguage('en');
});

afterEach(() => {
  onCancel.mockReset();
  vi.useRealTimers();
});

describe('generation overlay: steps', () => {
  it('shows nothing while no generation runs', () => {
    show({ phase: 'idle' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is a full-screen modal dialog naming the book', () => {
    show(running('resolve'));
    const dialog = screen.getByRole('dialog', { name: en.title });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.querySelector('.fixed.inset-0')).not.toBeNull();
    expect(within(dialog).getByText('Atomic Habits by James Clear')).not.toBeNull();
  });

  it("shows the server's streamed steps and no 'prepare audio' step (ADR 0024, issue 23)", () => {
    expect([...STEPS]).toEqual(GENERATION_STEPS.filter((step) => step !== 'error'));
    show(running('summarize'));
    const steps = stepItems().map((item) => item.dataset.step ?? '');
    expect(steps.some((step) => /audio|narrat/i.test(step))).toBe(false);
    const dialog = screen.getByRole('dialog', { name: en.title });
    expect(dialog.textContent).not.toMatch(/audio/i);
  });

  it('lists the four steps with 25, 50, 75 and 100 percent', () => {
    show(running('resolve'));
    expect(stepItems().map((item) => item.dataset.step)).toEqual(['resolve', 'summarize', 'polish', 'done']);
    expect(stepItems().map((item) => item.textContent)).toEqual([
      `${en.steps.resolve}25%`,
      `${en.steps.summarize}50%`,
      `${en.steps.polish}75%`,
      `${en.steps.done}100%`,
    ]);
  });

  it.each(['resolve', 'summarize', 'polish', 'done'] as const)(
    'at %s: the bar, the current step and the steps reached so far',
    (step) => {
      show(running(step));
      const bar = screen.getByRole('progressbar', { name: en.progress });
      expect(bar.getAttribute('aria-valuenow')).toBe(String(PERCENT[step]));
      expect((bar.firstElementChild as HTMLElement).style.width).toBe(`${PERCENT[step]}%`);
      const current = stepItems().filter((item) => item.getAttribute('aria-current') === 'step');
      expect(current.map((item) => item.dataset.step)).toEqual([step]);
      const reached = stepItems().filter((item) => item.className.includes('text-stone-900'));
      expect(reached.map((item) => item.dataset.step)).toEqual(
        (['resolve', 'summarize', 'polish', 'done'] as const).filter((s) => PERCENT[s] <= PERCENT[step]),
      );
    },
  );

  it('previews the first three sections as they arrive, lists as plain text', () => {
    show(
      running('summarize', [
        { key: 'oneLiner', value: 'Small habits compound.' },
        {
          key: 'keyIdeas',
          value: [
            { title: 'Systems', explanation: 'Beat goals.' },
            { title: 'Identity', explanation: 'Comes first.' },
          ],
        },
        { key: 'actions', value: ['Stack habits', 'Two-minute rule'] },
        { key: 'routine', value: ['Never shown'] },
      ]),
    );
    const preview = screen.getByRole('region', { name: en.preview });
    expect(
      within(preview)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual([
      translations.en.generate.sections.oneLiner,
      translations.en.generate.sections.keyIdeas,
      translations.en.generate.sections.actions,
    ]);
    expect(preview.querySelector('[data-section="oneLiner"] p')?.textContent).toBe('Small habits compound.');
    expect(preview.querySelector('[data-section="keyIdeas"] p')?.textContent).toBe(
      'Systems — Beat goals. · Identity — Comes first.',
    );
    expect(preview.querySelector('[data-section="actions"] p')?.textContent).toBe(
      'Stack habits · Two-minute rule',
    );
    expect(preview.querySelector('[data-section="routine"]')).toBeNull();
  });

  it('has no preview before the first section', () => {
    show(running('summarize'));
    expect(screen.queryByRole('region', { name: en.preview })).toBeNull();
  });
});

describe('generation overlay: fun messages', () => {
  it('rotates the messages of a step every 2.5 s, round and round', async () => {
    expect(FUN_MESSAGE_INTERVAL_MS).toBe(2_500);
    show(running('resolve'));
    expect(funMessage()).toBe(en.fun.resolve.a);
    await wait(2_499);
    expect(funMessage()).toBe(en.fun.resolve.a);
    await wait(1);
    expect(funMessage()).toBe(en.fun.resolve.b);
    await wait(2_500);
    expect(funMessage()).toBe(en.fun.resolve.c);
    await wait(2_500);
    expect(funMessage()).toBe(en.fun.resolve.a);
  });

  it("starts a new step at its first message and keeps that step's 2.5 s rhythm", async () => {
    const { update } = show(running('resolve'));
    await wait(4_000);
    expect(funMessage()).toBe(en.fun.resolve.b);
    update(running('summarize'));
    expect(funMessage()).toBe(en.fun.summarize.a);
    // The step's own 2.5 s, not what was left of the previous step's.
    await wait(1_000);
    expect(funMessage()).toBe(en.fun.summarize.a);
    await wait(1_500);
    expect(funMessage()).toBe(en.fun.summarize.b);
    await wait(5_000);
    expect(funMessage()).toBe(en.fun.summarize.d);
    update(running('polish'));
    expect(funMessage()).toBe(en.fun.polish.a);
    update(running('done'));
    expect(funMessage()).toBe(en.fun.done.a);
    await wait(2_500);
    expect(funMessage()).toBe(en.fun.done.a);
  });

  it('starts the next generation at the first message again', async () => {
    const { update } = show(running('resolve'));
    await wait(2_500);
    expect(funMessage()).toBe(en.fun.resolve.b);
    update({ phase: 'idle' });
    await wait(2_500);
    update(running('resolve'));
    expect(funMessage()).toBe(en.fun.resolve.a);
  });

  it.each(['pt', 'es'] as const)('speaks %s', async (language) => {
    setLanguage(language);
    show(running('summarize'));
    const texts = translations[language].generate.overlay;
    expect(screen.getByRole('dialog', { name: texts.title })).not.toBeNull();
    expect(funMessage()).toBe(texts.fun.summarize.a);
    await wait(2_500);
    expect(funMessage()).toBe(texts.fun.summarize.b);
    expect(stepItems()[1]?.textContent).toBe(`${texts.steps.summarize}50%`);
  });
});

describe('generation overlay: cancel and errors', () => {
  it('puts the focus on Cancel, which cancels', () => {
    show(running('summarize'));
    const cancel = screen.getByRole('button', { name: en.cancel });
    expect(document.activeElement).toBe(cancel);
    fireEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('cancels on Escape', () => {
    show(running('resolve'));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('offers no Cancel once the summary is done', () => {
    show(running('done'));
    expect(screen.queryByRole('button', { name: en.cancel })).toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows the error in place of the steps, without Cancel', () => {
    show(failed('We could not identify this book. Check the title and the author.'));
    const dialog = screen.getByRole('dialog', { name: en.errorTitle });
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'We could not identify this book. Check the title and the author.',
    );
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(stepItems()).toHaveLength(0);
    expect(within(dialog).queryByRole('button')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('says that something went wrong when the error has no message', () => {
    show(failed(''));
    expect(screen.getByRole('alert').textContent).toBe(translations.en.errors.GENERATION_FAILED);
  });
});

/** Test-only texts (not interface text). */
const TEXT = { generate: 'Generate', faq: 'FAQ' };

describe('generation overlay: a modal that holds focus (issue 14)', () => {
  /** The home page around the overlay: its Generate button and a footer link behind it. */
  function Home({ state }: { state: GenerationState }) {
    const generate = useRef<HTMLButtonElement>(null);
    return (
      <>
        <button ref={generate} type="button">
          {TEXT.generate}
        </button>
        <a href="/faq">{TEXT.faq}</a>
        <GenerationOverlay state={state} onCancel={onCancel} returnFocusTo={generate} />
      </>
    );
  }

  function openFrom(opener: string) {
    const view = render(<Home state={{ phase: 'idle' }} />);
    const element = screen.getByText(opener);
    element.focus();
    view.rerender(<Home state={running('summarize')} />);
    return {
      close: async () => {
        view.rerender(<Home state={{ phase: 'idle' }} />);
        // Radix gives focus back on the tick after the dialog unmounts.
        await wait(0);
      },
    };
  }

  it('keeps Tab and Shift+Tab inside, with the page behind hidden', async () => {
    vi.useRealTimers();
    const user = userEvent.setup();
    openFrom('Generate');
    const cancel = screen.getByRole('button', { name: en.cancel });
    expect(document.activeElement).toBe(cancel);
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(cancel);
    expect(screen.getByText('FAQ').closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('cancels on Escape wherever focus is', () => {
    openFrom('Generate');
    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('gives focus back to what opened it once closed', async () => {
    const { close } = openFrom('FAQ');
    await close();
    expect(document.activeElement).toBe(screen.getByText('FAQ'));
  });

  it('gives focus to the Generate button when what opened it is gone', async () => {
    const view = render(<Home state={{ phase: 'idle' }} />);
    view.rerender(<Home state={running('summarize')} />);
    view.rerender(<Home state={{ phase: 'idle' }} />);
    await wait(0);
    expect(document.activeElement).toBe(screen.getByText('Generate'));
  });
});
