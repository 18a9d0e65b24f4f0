import type { IslandName } from '../components/island';

/**
 * The texts each island reads (dotted paths into the interface texts): a prerendered page carries
 * these, in its own language only, for the islands it has.
 */
export const ISLAND_TEXTS: Record<IslandName, readonly string[]> = {
  pricing: ['landing.pricing'],
  faq: ['faq.search', 'faq.empty'],
  testimonials: ['landing.testimonials'],
  demoNarration: [
    'audio',
    'common.appName',
    'pages.demo.narrationLoading',
    'pages.demo.narrationPreparing',
    'pages.demo.narrationError',
    'pages.demo.retry',
  ],
  // It renders nothing: it points the prerendered links at the server's summary.
  demoSignUp: [],
};

/** The id of the <script type="application/json"> that carries them. */
export const ISLAND_TEXTS_ID = 'island-texts';
