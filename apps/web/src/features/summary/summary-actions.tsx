import type { Summary } from '@summa/shared';
import { Copy, FileDown, Share2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { BusyButton } from '../../components/ui/busy-button';
import { ApiError } from '../../lib/api-client';
import { logWarning } from '../../lib/logger';
import { useAwardXp } from '../../lib/progress/use-award-xp';
import { saveFile } from '../../lib/save-file';
import { PremiumDialog, type PremiumFeature } from './premium-dialog';
import { downloadSummaryPdf } from './summary-api';
import { summaryAsText } from './summary-text';
import { TranslateMenu } from './translate-menu';
import { PremiumMark } from './premium-mark';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Copy (the whole summary as plain text), Share (the system share sheet, else the link on the
 * clipboard), Download PDF (the server's PDF on Premium, an explanation on Free) and Read in
 * (instant translation, the same way).
 */
export function SummaryActions({ summary, premium }: { summary: Summary; premium: boolean }) {
  const { t } = useTranslation();
  // The Premium feature a Free reader asked for last (it stays while its dialog closes).
  const [gate, setGate] = useState<{ open: boolean; feature: PremiumFeature }>({
    open: false,
    feature: 'pdf',
  });
  const [pdfPending, setPdfPending] = useState(false);
  const premiumNoteId = useId();
  const award = useAwardXp();

  const copySummary = async () => {
    try {
      await navigator.clipboard.writeText(summaryAsText(summary, t));
      toast.success(t('summary.actions.copied'));
    } catch (error) {
      logWarning('summary could not be copied', error);
      toast.error(t('summary.actions.copyFailed'));
    }
  };

  const share = async () => {
    const url = new URL(`/summary/${encodeURIComponent(summary.id)}`, window.location.origin).href;
    if ('share' in navigator) {
      try {
        await navigator.share({
          title: summary.title,
          text: t('summary.actions.shareText', { title: summary.title, author: summary.author }),
          url,
        });
        toast.success(t('summary.actions.shared'));
        void award('share_summary', summary.id);
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to the link.
        if (isAbort(error)) return;
        logWarning('share sheet failed, copying the link instead', error);
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('summary.actions.linkCopied'));
      void award('share_summary', summary.id);
    } catch (error) {
      logWarning('summary link could not be copied', error);
      toast.error(t('summary.actions.copyFailed'));
    }
  };

  const downloadPdf = async () => {
    if (!premium) {
      setGate({ open: true, feature: 'pdf' });
      return;
    }
    if (pdfPending) return;
    setPdfPending(true);
    try {
      const { blob, fileName } = await downloadSummaryPdf(summary.id);
      saveFile(blob, fileName ?? `${summary.title}.pdf`);
    } catch (error) {
      // The plan changed since the page loaded (or the page's copy was stale): the server decides.
      if (error instanceof ApiError && error.status === 403) {
        setGate({ open: true, feature: 'pdf' });
        return;
      }
      logWarning('summary PDF could not be downloaded', error);
      const message = error instanceof ApiError ? error.message : '';
      toast.error(t('summary.actions.pdfFailed'), { description: message || t('common.toast.tryAgain') });
    } finally {
      setPdfPending(false);
    }
  };

  return (
    <div
      role="group"
      aria-label={t('summary.actions.label')}
      className="flex flex-wrap gap-2 print:hidden"
      data-print-hidden
    >
      <Button variant="outline" size="sm" onClick={() => void copySummary()}>
        <Copy aria-hidden />
        {t('summary.actions.copy')}
      </Button>
      <Button variant="outline" size="sm" onClick={() => void share()}>
        <Share2 aria-hidden />
        {t('summary.actions.share')}
      </Button>
      <BusyButton
        variant="outline"
        size="sm"
        onClick={() => void downloadPdf()}
        // Not `disabled`: the button keeps keyboard focus while the file is prepared.
        aria-disabled={pdfPending}
        busy={pdfPending}
        icon={<FileDown aria-hidden />}
        className="aria-busy:cursor-progress aria-busy:opacity-80"
        aria-describedby={premium ? undefined : premiumNoteId}
      >
        {pdfPending ? t('summary.actions.pdfPreparing') : t('summary.actions.pdf')}
        {premium ? null : <PremiumMark />}
      </BusyButton>
      {premium ? null : (
        <span id={premiumNoteId} className="sr-only">
          {t('summary.actions.premiumOnly')}
        </span>
      )}
      <TranslateMenu
        summary={summary}
        premium={premium}
        onPremiumRequired={() => setGate({ open: true, feature: 'translate' })}
      />
      <PremiumDialog
        feature={gate.feature}
        open={gate.open}
        onOpenChange={(open) => setGate((previous) => ({ ...previous, open }))}
      />
    </div>
  );
}
