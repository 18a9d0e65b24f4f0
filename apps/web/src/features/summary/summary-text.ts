import type { Summary, SummaryContent } from '@summa/shared';
import type { TFunction } from 'i18next';

type Content<K extends SummaryContent['kind']> = Extract<SummaryContent, { kind: K }>;

const bullets = (items: readonly string[]) => items.map((item) => `- ${item}`);
const numbered = (items: readonly string[]) => items.map((item, index) => `${index + 1}. ${item}`);

function nonFictionBlocks(content: Content<'nonfiction'>, t: TFunction): [string, string[]][] {
  return [
    [t('summary.sections.oneLiner'), [content.oneLiner]],
    [
      t('summary.sections.keyIdeas'),
      content.keyIdeas.flatMap((idea, index) => [`${index + 1}. ${idea.title}`, `   ${idea.explanation}`]),
    ],
    [t('summary.sections.actions'), numbered(content.actions)],
    [t('summary.sections.routine'), bullets(content.routine)],
    [
      t('summary.sections.sevenDayPlan'),
      content.sevenDayPlan.flatMap((day, index) => [
        t('summary.dayFocus', { day: index + 1, focus: day.focus }),
        ...day.tasks.map((task) => `  - ${task}`),
      ]),
    ],
    [t('summary.sections.metrics'), bullets(content.metrics)],
    [t('summary.sections.pitfalls'), bullets(content.pitfalls)],
    [t('summary.sections.closing'), [content.closing]],
  ];
}

function fictionBlocks(content: Content<'fiction'>, t: TFunction): [string, string[]][] {
  return [
    [t('summary.sections.oneLiner'), [content.oneLiner]],
    [t('summary.sections.synopsis'), [content.synopsis]],
    [t('summary.sections.themes'), bullets(content.themes)],
    [
      t('summary.sections.characters'),
      content.characters.map((character) => `- ${character.name}: ${character.description}`),
    ],
    [t('summary.sections.writingStyle'), [content.writingStyle]],
    [t('summary.sections.recommendedFor'), [content.recommendedFor]],
    [t('summary.sections.closing'), [content.closing]],
  ];
}

/**
 * The whole summary as plain text for the clipboard: the book, then every section under its
 * heading, in the interface language, sections separated by a blank line.
 */
export function summaryAsText(summary: Summary, t: TFunction): string {
  const { content } = summary;
  const blocks = content.kind === 'fiction' ? fictionBlocks(content, t) : nonFictionBlocks(content, t);
  const title = t('summary.byline', { title: summary.title, author: summary.author });
  return [
    [title, '='.repeat(Math.min(title.length, 60))].join('\n'),
    ...blocks.map(([heading, lines]) => [heading.toUpperCase(), ...lines].join('\n')),
  ].join('\n\n');
}
