import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AuditPanel } from './audit-panel';
import { useConsoleTexts } from './console-texts';
import { FeedbackPanel } from './feedback-panel';
import { MessagesPanel } from './messages-panel';
import { ModelStatusCard } from './model-status-card';
import { PremiumGrantsCard } from './premium-grants-card';
import { ReadersPanel } from './readers-panel';
import { SummariesPanel } from './summaries-panel';
import { UsagePanel } from './usage-panel';

const TABS = ['overview', 'readers', 'summaries', 'messages', 'feedback', 'usage', 'audit'] as const;
type Tab = (typeof TABS)[number];

const PANELS: Record<Tab, () => React.JSX.Element> = {
  overview: () => (
    <div className="flex flex-col gap-6">
      <ModelStatusCard />
      <PremiumGrantsCard />
    </div>
  ),
  readers: ReadersPanel,
  summaries: SummariesPanel,
  messages: MessagesPanel,
  feedback: FeedbackPanel,
  usage: UsagePanel,
  audit: AuditPanel,
};

/** `/admin`: the console (ADR 0030), one section per tab; the open one is in the URL (?tab=). */
export function AdminPage() {
  const { t } = useTranslation();
  const { t: tConsole } = useConsoleTexts();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: Tab = TABS.find((name) => name === wanted) ?? 'overview';
  return (
    <Page title={t('pages.admin.title')} lead={t('pages.admin.lead')}>
      <Tabs
        value={tab}
        onValueChange={(value) => setParams(value === 'overview' ? {} : { tab: value }, { replace: true })}
        className="flex flex-col gap-6"
      >
        <TabsList aria-label={tConsole('tabs.label')} className="flex-wrap self-start">
          {TABS.map((name) => (
            <TabsTrigger key={name} value={name}>
              {tConsole(`tabs.${name}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((name) => {
          const Panel = PANELS[name];
          return (
            <TabsContent key={name} value={name}>
              {/* Radix mounts the open tab only: each section reads the server when it is shown. */}
              <Panel />
            </TabsContent>
          );
        })}
      </Tabs>
    </Page>
  );
}
