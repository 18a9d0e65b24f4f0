import { RANKING_SCOPES, type RankingResponse, type RankingScope } from '@summa/shared';
import { isLanguage, LANGUAGES, type Language } from '@summa/shared/languages';
import { useQuery } from '@tanstack/react-query';
import { Trophy } from 'lucide-react';
import { useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ShareButton } from '../../components/gamification/share-button';
import { LoadError } from '../../components/load-error';
import { LoadingSkeleton } from '../../components/loading-skeleton';
import { Page } from '../../components/page';
import { StateMessage } from '../../components/state-message';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { rankingQuery } from '../../lib/gamification-api';
import { currentLanguage } from '../../lib/i18n';
import { withOwnProfile } from '../../lib/invalidation';
import { ReaderProgressContext } from '../../lib/progress/progress-context';
import { queryView } from '../../lib/query-client';
import { cn } from '../../lib/utils';
import { RankingRow, RankingRowSkeleton } from './ranking-entry';

const SKELETON_ROWS = 6;

function isScope(value: string | null): value is RankingScope {
  return RANKING_SCOPES.some((scope) => scope === value);
}

/** The PT / EN / ES choice of the language scope, each written in its own language. */
function LanguageChoice({ value, onChange }: { value: Language; onChange: (language: Language) => void }) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('ranking.languageLabel')} className="flex gap-2">
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          type="button"
          size="sm"
          variant="outline"
          lang={language}
          aria-pressed={language === value}
          onClick={() => onChange(language)}
          className={cn(language === value && 'border-brand-500 bg-brand-50 text-brand-800')}
        >
          {t(`common.language.${language}`)}
        </Button>
      ))}
    </div>
  );
}

function RankingResults({
  data,
  failed,
  onRetry,
}: {
  data: RankingResponse | undefined;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <LoadError
        title={t('ranking.error.title')}
        body={t('ranking.error.body')}
        retryLabel={t('ranking.error.retry')}
        onRetry={onRetry}
      />
    );
  }
  if (!data) {
    return (
      <LoadingSkeleton
        testId="ranking-skeleton"
        className="flex flex-col gap-2"
        count={SKELETON_ROWS}
        item={<RankingRowSkeleton />}
      />
    );
  }
  if (data.entries.length === 0) {
    return (
      <StateMessage
        icon={<Trophy aria-hidden className="size-10 text-stone-400" />}
        title={t('ranking.empty.title')}
        body={t('ranking.empty.body')}
        action={null}
      />
    );
  }
  const meListed = data.entries.some((entry) => entry.isMe);
  return (
    <div className="flex flex-col gap-6">
      <ol aria-label={t('ranking.listLabel')} className="flex flex-col gap-2">
        {data.entries.map((entry) => (
          <li key={`${entry.rank}-${entry.anonymousCode}`}>
            <RankingRow entry={entry} />
          </li>
        ))}
      </ol>
      {/* The reader has no place on another language's board. */}
      {meListed || !data.me ? null : (
        <section aria-labelledby="ranking-me" className="flex flex-col gap-2 border-t border-stone-200 pt-4">
          <h2 id="ranking-me" className="text-sm font-semibold text-stone-700">
            {t('ranking.yourPosition')}
          </h2>
          <RankingRow entry={data.me} />
        </section>
      )}
    </div>
  );
}

/** `/ranking`: the top readers by XP, global, by language or this week, and the reader's own place. */
export function RankingPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const scopeParam = params.get('scope');
  const scope: RankingScope = isScope(scopeParam) ? scopeParam : 'global';
  const langParam = params.get('lang');
  // The language scope starts on the reader's interface language.
  const language: Language = isLanguage(langParam) ? langParam : currentLanguage();
  const ranking = useQuery(rankingQuery(scope, language));
  const view = queryView(ranking);
  // The reader's own entries show their name and avatar as saved, even on a board the server
  // read a moment before the change.
  const profile = useContext(ReaderProgressContext)?.me?.profile;
  const data = useMemo(
    () => (ranking.data && profile ? withOwnProfile(ranking.data, profile) : ranking.data),
    [ranking.data, profile],
  );

  const choose = (next: { scope: RankingScope; language?: Language }) => {
    const query: Record<string, string> = next.scope === 'global' ? {} : { scope: next.scope };
    if (next.scope === 'language' && next.language) query.lang = next.language;
    setParams(query, { replace: true });
  };

  let lead: ReactNode = t('ranking.scopeLead.global');
  if (scope === 'language')
    lead = t('ranking.scopeLead.language', { language: t(`common.language.${language}`) });
  if (scope === 'weekly') {
    const since = data?.since ? new Date(data.since) : null;
    const date = since
      ? new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
          since,
        )
      : '…';
    lead = t('ranking.scopeLead.weekly', { date });
  }

  const shareUrl = new URL(`/ranking${params.size ? `?${params.toString()}` : ''}`, window.location.origin)
    .href;
  const me = data?.me;
  const xp = me ? new Intl.NumberFormat(i18n.language).format(me.xp) : '';

  return (
    <Page title={t('pages.ranking.title')} lead={t('pages.ranking.lead')}>
      <Tabs
        value={scope}
        onValueChange={(value) => {
          if (isScope(value)) choose({ scope: value, language });
        }}
        className="flex max-w-3xl flex-col gap-4"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList
            aria-label={t('ranking.scopesLabel')}
            className="grid w-full grid-cols-3 sm:inline-flex sm:w-auto"
          >
            {RANKING_SCOPES.map((option) => (
              <TabsTrigger key={option} value={option}>
                {t(`ranking.scopes.${option}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <ShareButton
            url={shareUrl}
            messages={{
              button: t('ranking.share.button'),
              title: t('ranking.share.title'),
              text:
                me && me.xp > 0
                  ? t('ranking.share.text', { rank: me.rank, xp })
                  : t('ranking.share.textNoRank'),
              shared: t('ranking.share.shared'),
              copied: t('ranking.share.copied'),
              failed: t('ranking.share.failed'),
            }}
          />
        </div>
        <TabsContent value={scope} className="flex flex-col gap-4 focus-visible:outline-none">
          {scope === 'language' ? (
            <LanguageChoice value={language} onChange={(next) => choose({ scope, language: next })} />
          ) : null}
          <p className="text-sm text-stone-600">{lead}</p>
          <div aria-busy={view === 'loading'}>
            <RankingResults data={data} failed={view === 'error'} onRetry={() => void ranking.refetch()} />
          </div>
        </TabsContent>
      </Tabs>
    </Page>
  );
}
