import type { GenerateSummaryRequest } from '@summa/shared';
import { translations } from '@summa/shared/i18n';
import type { Language } from '@summa/shared/languages';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n';
import { GenerationOverlay } from './generation-overlay';
import type { GenerationState, ModelWait } from './generation-state';

const REQUEST: GenerateSummaryRequest = {
  bookTitle: 'Atomic Habits',
  bookAuthor: 'James Clear',
  language: 'en',
};

const waiting = (model: ModelWait): GenerationState => ({
  phase: 'running',
  request: REQUEST,
  step: 'resolve',
  percent: 25,
  sections: [],
  model,
});

const show = (state: GenerationState) =>
  render(<GenerationOverlay state={state} onCancel={() => undefined} />);

beforeEach(() => {
  setLanguage('en');
});

describe('generation overlay while the server gets its model ready', () => {
  it("shows the download's percent and megabytes instead of the fun messages, and that it starts by itself", () => {
    show(
      waiting({
        state: 'downloading',
        progress: 0.426,
        downloadedBytes: 470_200_000,
        totalBytes: 1_117_000_000,
      }),
    );
    const en = translations.en.generate.overlay.model;
    expect(
      screen.getByText('Getting the summary model ready for the first time: 42% downloaded'),
    ).not.toBeNull();
    const bar = screen.getByRole('progressbar', { name: en.progress });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByTestId('model-bytes').textContent).toBe('470 of 1,117 MB');
    expect(screen.getByText(en.wait)).not.toBeNull();
    expect(screen.queryByTestId('fun-message')).toBeNull();
    // The generation's own steps stay, at resolve.
    expect(document.querySelector<HTMLElement>('li[aria-current="step"]')?.dataset.step).toBe('resolve');
  });

  it.each<[Language, string, string]>([
    ['pt', 'Preparando o modelo de resumos pela primeira vez: 7% baixado', '70 de 1.117 MB'],
    ['es', 'Preparando el modelo de resúmenes por primera vez: 7 % descargado', '70 de 1117 MB'],
  ])('says it in %s', (language, heading, bytes) => {
    setLanguage(language);
    show(
      waiting({
        state: 'downloading',
        progress: 0.0712,
        downloadedBytes: 70_000_000,
        totalBytes: 1_117_000_000,
      }),
    );
    expect(screen.getByText(heading)).not.toBeNull();
    expect(screen.getByTestId('model-bytes').textContent).toBe(bytes);
  });

  it('says the model is loading once it is on disk, with no download bar', () => {
    show(waiting({ state: 'loading' }));
    expect(screen.getByText(translations.en.generate.overlay.model.loading)).not.toBeNull();
    expect(
      screen.queryByRole('progressbar', { name: translations.en.generate.overlay.model.progress }),
    ).toBeNull();
  });

  it('goes back to the fun messages once the model is ready', () => {
    const view = show(waiting({ state: 'loading' }));
    view.rerender(
      <GenerationOverlay
        state={{ phase: 'running', request: REQUEST, step: 'resolve', percent: 25, sections: [] }}
        onCancel={() => undefined}
      />,
    );
    expect(screen.queryByTestId('model-wait')).toBeNull();
    expect(screen.getByTestId('fun-message')).not.toBeNull();
  });
});

describe('generation overlay when summaries are unavailable on the server', () => {
  it.each<Language>(['pt', 'en', 'es'])(
    'shows the server\'s words in %s, which do not say "try again"',
    (language) => {
      setLanguage(language);
      const message = translations[language].errors.SUMMARIES_UNAVAILABLE;
      show({ phase: 'failed', request: REQUEST, code: 'SUMMARIES_UNAVAILABLE', message });
      expect(screen.getByRole('alert').textContent).toBe(message);
      expect(message).not.toMatch(/instantes|shortly|momentos|novamente|again|nuevo/i);
    },
  );
});
