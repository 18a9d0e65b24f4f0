import { useLoaderData } from 'react-router';
import { SummaryPage } from '../features/summary/summary-page';
import { SummaryPreviewPage } from '../features/summary/summary-preview-page';
import { useFollowSignOut } from '../lib/auth/use-follow-sign-out';
import type { SummaryEntry } from './guards';

function ReaderSummary() {
  useFollowSignOut();
  return <SummaryPage />;
}

/** /summary/:id: the summary for a reader, its preview for a visitor (summaryEntry decides). */
export function SummaryRoute() {
  const { preview } = useLoaderData<SummaryEntry>();
  return preview ? <SummaryPreviewPage preview={preview} /> : <ReaderSummary />;
}
