import {
  FICTION_SECTIONS,
  fillTemplate,
  NON_FICTION_SECTIONS,
  translations,
  type FictionSections,
  type Language,
  type NonFictionSections,
  type SummaryContent,
  type SummarySectionKey,
} from '@summa/shared';

type Content<K extends SummaryContent['kind']> = Extract<SummaryContent, { kind: K }>;

/** An item of a list of entries: a key idea, a day of the plan, a character. */
export interface PdfEntry {
  title: string;
  text?: string;
  bullets?: readonly string[];
}

/** How a section's body is laid out on paper, as on the summary page. */
export type PdfBody =
  | { kind: 'lead'; text: string }
  | { kind: 'prose'; text: string }
  | { kind: 'list'; numbered: boolean; items: readonly string[] }
  | { kind: 'entries'; numbered: boolean; entries: readonly PdfEntry[] };

export interface PdfSection {
  key: SummarySectionKey;
  heading: string;
  body: PdfBody;
}

const bullets = (items: readonly string[]): PdfBody => ({ kind: 'list', numbered: false, items });
const prose = (text: string): PdfBody => ({ kind: 'prose', text });

function nonFictionBodies(
  content: Content<'nonfiction'>,
  language: Language,
): Record<keyof NonFictionSections, PdfBody> {
  const dayFocus = translations[language].summary.dayFocus;
  return {
    oneLiner: { kind: 'lead', text: content.oneLiner },
    keyIdeas: {
      kind: 'entries',
      numbered: true,
      entries: content.keyIdeas.map((idea) => ({ title: idea.title, text: idea.explanation })),
    },
    actions: { kind: 'list', numbered: true, items: content.actions },
    routine: bullets(content.routine),
    sevenDayPlan: {
      kind: 'entries',
      numbered: false,
      entries: content.sevenDayPlan.map((day, index) => ({
        title: fillTemplate(dayFocus, { day: index + 1, focus: day.focus }),
        bullets: day.tasks,
      })),
    },
    metrics: bullets(content.metrics),
    pitfalls: bullets(content.pitfalls),
    closing: prose(content.closing),
  };
}

function fictionBodies(content: Content<'fiction'>): Record<keyof FictionSections, PdfBody> {
  return {
    oneLiner: { kind: 'lead', text: content.oneLiner },
    synopsis: prose(content.synopsis),
    themes: bullets(content.themes),
    characters: {
      kind: 'entries',
      numbered: false,
      entries: content.characters.map((character) => ({
        title: character.name,
        text: character.description,
      })),
    },
    writingStyle: prose(content.writingStyle),
    recommendedFor: prose(content.recommendedFor),
    closing: prose(content.closing),
  };
}

/**
 * Every section of the summary in the page's order, each under its heading in the summary's own
 * language (the document is the summary, whatever language the reader's interface is in).
 */
export function summaryPdfSections(content: SummaryContent, language: Language): PdfSection[] {
  const headings = translations[language].summary.sections;
  if (content.kind === 'fiction') {
    const bodies = fictionBodies(content);
    return FICTION_SECTIONS.map((key) => ({ key, heading: headings[key], body: bodies[key] }));
  }
  const bodies = nonFictionBodies(content, language);
  return NON_FICTION_SECTIONS.map((key) => ({ key, heading: headings[key], body: bodies[key] }));
}
