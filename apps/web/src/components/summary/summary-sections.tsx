import type { SummaryContent } from '@summa/shared';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Content<K extends SummaryContent['kind']> = Extract<SummaryContent, { kind: K }>;

/** One titled section: an <h2> and its body, named by the heading for assistive technology. */
function Section({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="break-inside-avoid-page">
      <h2 id={id} className="text-xl font-bold tracking-tight text-stone-900 sm:text-2xl">
        {heading}
      </h2>
      <div className="mt-3 text-base leading-relaxed text-stone-800">{children}</div>
    </section>
  );
}

/** Prose that may hold several paragraphs separated by blank lines. */
function Prose({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <div className="flex flex-col gap-3">
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

function BulletList({ items }: { items: readonly string[] }) {
  return (
    <ul className="flex list-disc flex-col gap-2 pl-6 marker:text-brand-500">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

function NumberedList({ items }: { items: readonly string[] }) {
  return (
    <ol className="flex list-decimal flex-col gap-2 pl-6 marker:font-semibold marker:text-brand-700">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ol>
  );
}

function OneLiner({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Section heading={t('summary.sections.oneLiner')}>
      <p className="rounded-2xl border-l-4 border-brand-500 bg-brand-50 px-4 py-3 text-lg font-medium text-brand-900 print:bg-transparent">
        {text}
      </p>
    </Section>
  );
}

function NonFiction({ content }: { content: Content<'nonfiction'> }) {
  const { t } = useTranslation();
  return (
    <>
      <OneLiner text={content.oneLiner} />
      <Section heading={t('summary.sections.keyIdeas')}>
        <ol className="flex flex-col gap-3">
          {content.keyIdeas.map((idea, index) => (
            <li
              key={index}
              className="flex gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm print:border-0 print:p-0 print:shadow-none"
            >
              <span
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-800"
                aria-hidden
              >
                {index + 1}
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-stone-900">{idea.title}</h3>
                <p className="mt-1 text-stone-700">{idea.explanation}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>
      <Section heading={t('summary.sections.actions')}>
        <NumberedList items={content.actions} />
      </Section>
      <Section heading={t('summary.sections.routine')}>
        <BulletList items={content.routine} />
      </Section>
      <Section heading={t('summary.sections.sevenDayPlan')}>
        <ol className="grid gap-3 sm:grid-cols-2">
          {content.sevenDayPlan.map((day, index) => (
            <li
              key={index}
              className="rounded-2xl border border-stone-200 bg-white p-4 print:border-0 print:p-0"
            >
              <h3 className="font-semibold text-stone-900">
                <span className="text-brand-700">{t('summary.day', { day: index + 1 })}</span>
                <span aria-hidden> · </span>
                {day.focus}
              </h3>
              <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-stone-700 marker:text-brand-400">
                {day.tasks.map((task, taskIndex) => (
                  <li key={taskIndex}>{task}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </Section>
      <Section heading={t('summary.sections.metrics')}>
        <BulletList items={content.metrics} />
      </Section>
      <Section heading={t('summary.sections.pitfalls')}>
        <BulletList items={content.pitfalls} />
      </Section>
      <Section heading={t('summary.sections.closing')}>
        <Prose text={content.closing} />
      </Section>
    </>
  );
}

function Fiction({ content }: { content: Content<'fiction'> }) {
  const { t } = useTranslation();
  return (
    <>
      <OneLiner text={content.oneLiner} />
      <Section heading={t('summary.sections.synopsis')}>
        <Prose text={content.synopsis} />
      </Section>
      <Section heading={t('summary.sections.themes')}>
        <BulletList items={content.themes} />
      </Section>
      <Section heading={t('summary.sections.characters')}>
        <dl className="flex flex-col gap-3">
          {content.characters.map((character, index) => (
            <div
              key={index}
              className="rounded-2xl border border-stone-200 bg-white p-4 print:border-0 print:p-0"
            >
              <dt className="font-semibold text-stone-900">{character.name}</dt>
              <dd className="mt-1 text-stone-700">{character.description}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section heading={t('summary.sections.writingStyle')}>
        <Prose text={content.writingStyle} />
      </Section>
      <Section heading={t('summary.sections.recommendedFor')}>
        <Prose text={content.recommendedFor} />
      </Section>
      <Section heading={t('summary.sections.closing')}>
        <Prose text={content.closing} />
      </Section>
    </>
  );
}

/** Every section of a summary, in the order the model writes them, each under its heading. */
export function SummarySections({ content }: { content: SummaryContent }) {
  return (
    <div className="flex flex-col gap-10">
      {content.kind === 'fiction' ? <Fiction content={content} /> : <NonFiction content={content} />}
    </div>
  );
}
