import type { SummaryPreview } from '@summa/shared';

/**
 * What anyone may see of a stored summary, for link previews (issue 24): implemented by
 * features/summaries (SummariesService), bound in composition.ts, used by plugins/web-app.ts to put
 * a shared link's Open Graph and Twitter tags into the page it serves.
 */
export interface SummaryPreviews {
  /** The summary's title, author, cover and one-liner; undefined when there is none with this id. */
  preview(summaryId: string): Promise<SummaryPreview | undefined>;
}
