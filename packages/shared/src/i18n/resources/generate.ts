import { defineMessages } from '../define-messages.js';
import en from '../locales/en/generate.json' with { type: 'json' };
import es from '../locales/es/generate.json' with { type: 'json' };
import pt from '../locales/pt/generate.json' with { type: 'json' };
import { summary } from './summary.js';

/**
 * Home's generate action, the progress overlay, the limit dialog and the plan line. The overlay's
 * `sections` are the summary page's section names but for the shorter name of the actions, which is
 * all generate's files give.
 */
export const generate = defineMessages({
  pt: { ...pt, sections: { ...summary.pt.sections, ...pt.sections } },
  en: { ...en, sections: { ...summary.en.sections, ...en.sections } },
  es: { ...es, sections: { ...summary.es.sections, ...es.sections } },
});
