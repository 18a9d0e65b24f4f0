import { CircleCheck, CircleMinus, TriangleAlert, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { ActionDialog } from '../../../components/ui/action-dialog';
import { Button } from '../../../components/ui/button';
import { authClient } from '../../../lib/auth/auth-client';
import { currentLanguage } from '../../../lib/i18n';
import { AccountCard } from './account-card';
import { DeleteAccountForm } from './delete-account-form';

const DELETED = ['account', 'activity', 'progress', 'profile'] as const;
const KEPT = ['summaries', 'counts', 'legal'] as const;

/** What deleting erases and what it keeps, as two short lists. */
function Consequences() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 text-sm text-stone-700">
      <div>
        <h3 className="font-semibold text-stone-900">{t('settings.account.delete.deletedTitle')}</h3>
        <ul className="mt-2 flex flex-col gap-1.5">
          {DELETED.map((key) => (
            <li key={key} className="flex items-start gap-2">
              <CircleMinus aria-hidden className="mt-0.5 size-4 shrink-0 text-red-700" />
              {t(`settings.account.delete.deleted.${key}`)}
            </li>
          ))}
        </ul>
      </div>
      <div>
        <h3 className="font-semibold text-stone-900">{t('settings.account.delete.keptTitle')}</h3>
        <ul className="mt-2 flex flex-col gap-1.5">
          {KEPT.map((key) => (
            <li key={key} className="flex items-start gap-2">
              <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-stone-500" />
              {t(`settings.account.delete.kept.${key}`)}
            </li>
          ))}
        </ul>
      </div>
      <p className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950">
        {t('settings.account.delete.premium')}
      </p>
    </div>
  );
}

/**
 * The danger zone: deleting the account, confirmed in a dialog that says what goes and what stays.
 * Once deleted, the reader is signed out and lands on the landing page with a goodbye toast.
 */
export function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const deleted = async () => {
    // Leave the signed-in screens first: signed out on one of them, the reader would be sent to /auth.
    await navigate(`/${currentLanguage()}`, { replace: true });
    await authClient.signOut();
    toast.success(t('settings.account.delete.done'));
  };

  return (
    <AccountCard
      title={t('settings.account.delete.zone')}
      lead={t('settings.account.delete.lead')}
      tone="danger"
    >
      <Button
        type="button"
        variant="destructive"
        className="w-full sm:w-auto sm:self-start"
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden />
        {t('settings.account.delete.button')}
      </Button>
      <ActionDialog
        open={open}
        onOpenChange={(next) => {
          if (!busy) setOpen(next);
        }}
        icon={
          <span className="flex size-10 items-center justify-center rounded-full bg-red-100 text-red-700">
            <TriangleAlert aria-hidden className="size-5" />
          </span>
        }
        title={t('settings.account.delete.dialogTitle')}
        description={t('settings.account.delete.dialogDescription')}
      >
        <Consequences />
        {/* Mounted only while open, so every opening starts empty. */}
        {open ? <DeleteAccountForm hasPassword={hasPassword} onBusy={setBusy} onDeleted={deleted} /> : null}
      </ActionDialog>
    </AccountCard>
  );
}
