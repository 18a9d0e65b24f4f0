import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast';
import { BusyButton } from '../../../components/ui/busy-button';
import { logWarning } from '../../../lib/logger';
import { saveFile } from '../../../lib/save-file';
import { downloadAccountExport, exportFileName } from './account-api';
import { accountErrorText } from './account-errors';
import { AccountCard } from './account-card';

/** LGPD portability and access: everything held about the reader, saved as one JSON file. */
export function ExportData() {
  const { t } = useTranslation();
  const [preparing, setPreparing] = useState(false);

  const download = async () => {
    if (preparing) return;
    setPreparing(true);
    try {
      saveFile(await downloadAccountExport(), exportFileName());
      toast.success(t('settings.account.export.done'));
    } catch (error) {
      logWarning('the account export could not be downloaded', error);
      toast.error(accountErrorText(error, t));
    } finally {
      setPreparing(false);
    }
  };

  return (
    <AccountCard title={t('settings.account.export.title')} lead={t('settings.account.export.lead')}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3">
        <BusyButton
          type="button"
          variant="outline"
          className="w-full sm:w-auto"
          aria-disabled={preparing}
          busy={preparing}
          icon={<Download aria-hidden />}
          onClick={() => void download()}
        >
          {t('settings.account.export.button')}
        </BusyButton>
        <p role="status" className="text-sm text-stone-600">
          {preparing ? t('settings.account.export.preparing') : ''}
        </p>
      </div>
    </AccountCard>
  );
}
