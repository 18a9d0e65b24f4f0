import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { Button } from '../../components/ui/button';

export interface LegalSection {
  id: string;
  title: string;
  /** Paragraphs separated by a blank line. */
  body: string;
}

interface LegalDocumentProps {
  title: string;
  lead: string;
  description: string;
  intro: string;
  sections: readonly LegalSection[];
  /** A page's own way to act on it, before the contact page's (the privacy page's: Settings › Account). */
  action?: { to: string; label: string };
}

/** A legal text: date, introduction, table of contents and one <h2> section per topic. */
export function LegalDocument({ title, lead, description, intro, sections, action }: LegalDocumentProps) {
  const { t } = useTranslation();
  return (
    <Page title={title} lead={lead} description={description}>
      <div className="max-w-3xl">
        <p className="text-sm text-stone-600">{t('legal.updated')}</p>
        <p className="mt-4 text-stone-800">{intro}</p>

        <nav aria-labelledby="legal-toc" className="mt-8 rounded-2xl border border-stone-200 bg-white p-5">
          <h2 id="legal-toc" className="text-sm font-semibold tracking-wide text-stone-700 uppercase">
            {t('legal.toc')}
          </h2>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm sm:grid-cols-2">
            {sections.map(({ id, title: sectionTitle }) => (
              <li key={id} className="text-stone-600">
                <a href={`#${id}`} className="rounded text-brand-700 underline-offset-2 hover:underline">
                  {sectionTitle}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="mt-10 space-y-10">
          {sections.map(({ id, title: sectionTitle, body }) => (
            <section key={id} aria-labelledby={id} className="scroll-mt-24">
              <h2 id={id} className="text-xl font-semibold text-stone-900 sm:text-2xl">
                {sectionTitle}
              </h2>
              <div className="mt-3 space-y-3 leading-relaxed text-stone-700">
                {body.split(/\n{2,}/).map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            </section>
          ))}
        </div>

        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          {action ? (
            <Button asChild>
              <Link to={action.to}>{action.label}</Link>
            </Button>
          ) : null}
          <Button asChild variant="outline">
            <Link to="/contact">{t('legal.contactCta')}</Link>
          </Button>
        </div>
      </div>
    </Page>
  );
}
