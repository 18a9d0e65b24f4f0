import type { Language } from '@summa/shared/languages';
import { Island } from '../../components/island';
import { useLanguage } from '../../lib/use-language';
import { useDemo } from './use-demo';
import { DemoCallToAction, DemoHead, DemoNarration, DemoView, type DemoSummaryView } from './demo-view';

/** The narration as the prerendered /demo's island renders it: asked for once it is in view. */
export function DemoNarrationLive({ language }: { language: Language }) {
  return <DemoNarration {...useDemo(language)} />;
}

/**
 * /pt/demo, /en/demo, /es/demo as the build prerenders them (ADR 0027): the editorial summary
 * read from the data file, as HTML; the narration and the sign-up's way back to the summary (its
 * id is the server's) are islands.
 */
export function DemoPublicPage({ demo }: { demo: Readonly<Record<Language, DemoSummaryView>> }) {
  const language = useLanguage();
  const summary = demo[language];
  return (
    <>
      <DemoHead language={language} summary={summary} />
      <DemoView
        summary={summary}
        narration={
          <Island name="demoNarration" props={{ language }}>
            <DemoNarrationLive language={language} />
          </Island>
        }
        callToAction={
          <Island name="demoSignUp" props={{ language }}>
            <DemoCallToAction language={language} />
          </Island>
        }
      />
    </>
  );
}
