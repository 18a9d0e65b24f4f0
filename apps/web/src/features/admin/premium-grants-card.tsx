import { zodResolver } from '@hookform/resolvers/zod';
import { adminUsersQuerySchema, type AdminUser, type AdminUsersQuery } from '@summa/shared';
import { Crown, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { ActionDialog } from '../../components/ui/action-dialog';
import { Button } from '../../components/ui/button';
import { BusyButton } from '../../components/ui/busy-button';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api-client';
import { fieldErrorText } from '../../lib/form-errors';
import { logWarning } from '../../lib/logger';
import { findUserByEmail, setPremiumGrant } from './admin-api';

type Lookup = { state: 'idle' | 'searching' | 'none' | 'error' } | { state: 'found'; user: AdminUser };

/** The admin page's Premium card: find an account by e-mail, see its plan, grant or revoke Premium. */
export function PremiumGrantsCard() {
  const { t } = useTranslation();
  const emailId = useId();
  const [lookup, setLookup] = useState<Lookup>({ state: 'idle' });
  const {
    control,
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(adminUsersQuerySchema), defaultValues: { email: '' } });
  const email = useWatch({ control, name: 'email' });

  const search = async ({ email: wanted }: AdminUsersQuery) => {
    if (lookup.state === 'searching') return;
    setLookup({ state: 'searching' });
    try {
      const user = await findUserByEmail(wanted);
      setLookup(user ? { state: 'found', user } : { state: 'none' });
    } catch (error) {
      logWarning('admin user search failed', error);
      setLookup({ state: 'error' });
    }
  };

  const searching = lookup.state === 'searching';
  return (
    <section
      aria-labelledby="premium-grants-title"
      className="flex max-w-2xl flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h2 id="premium-grants-title" className="flex items-center gap-2 text-lg font-semibold text-stone-900">
        <Crown aria-hidden className="size-5 text-stone-600" />
        {t('admin.premium.title')}
      </h2>
      <p className="text-sm text-stone-700">{t('admin.premium.description')}</p>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => void handleSubmit(search)(event)}
      >
        <div className="min-w-0 flex-1">
          <TextField
            id={emailId}
            label={t('admin.premium.email')}
            type="email"
            autoComplete="off"
            error={fieldErrorText(t, errors.email)}
            required
            {...register('email')}
          />
        </div>
        <BusyButton
          type="submit"
          variant="outline"
          disabled={searching || email.trim() === ''}
          busy={searching}
          icon={<Search aria-hidden />}
        >
          {searching ? t('admin.premium.searching') : t('admin.premium.search')}
        </BusyButton>
      </form>
      <div role="status" aria-live="polite">
        {lookup.state === 'none' ? (
          <p className="text-sm text-stone-700">{t('admin.premium.notFound')}</p>
        ) : null}
        {lookup.state === 'error' ? (
          <p className="text-sm text-red-800">{t('admin.premium.searchFailed')}</p>
        ) : null}
      </div>
      {lookup.state === 'found' ? (
        <AccountPlan user={lookup.user} onChange={(user) => setLookup({ state: 'found', user })} />
      ) : null}
    </section>
  );
}

function AccountPlan({ user, onChange }: { user: AdminUser; onChange: (user: AdminUser) => void }) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const granting = user.grant === null;
  const { subscription, grant } = user;

  const apply = async () => {
    setSaving(true);
    try {
      onChange(await setPremiumGrant(user.id, granting));
      toast.success(granting ? t('admin.premium.granted') : t('admin.premium.revoked'));
      setConfirming(false);
    } catch (error) {
      logWarning('premium grant change failed', error);
      const message = error instanceof ApiError ? error.message : '';
      toast.error(t('admin.premium.actionFailed'), { description: message || t('common.toast.tryAgain') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="flex flex-col gap-4 rounded-xl bg-stone-50 p-4" data-testid="premium-account">
      <div className="min-w-0">
        <p className="font-semibold break-words text-stone-900">{user.fullName}</p>
        <p className="text-sm break-all text-stone-600">{user.email}</p>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-stone-600">{t('admin.premium.plan')}</dt>
        <dd className="font-medium text-stone-900" data-testid="premium-plan">
          {t(`admin.premium.plans.${user.plan}`)}
        </dd>
        <dt className="text-stone-600">{t('admin.premium.subscription')}</dt>
        <dd className="text-stone-900">
          {subscription ? (
            <>
              {t(`admin.premium.statuses.${subscription.status}`)}
              {subscription.currentPeriodEnd
                ? ` · ${t('admin.premium.periodEnd', { date: date(subscription.currentPeriodEnd) })}`
                : ''}
              {subscription.cancelAtPeriodEnd ? ` · ${t('admin.premium.cancelsAtPeriodEnd')}` : ''}
            </>
          ) : (
            t('admin.premium.noSubscription')
          )}
        </dd>
        <dt className="text-stone-600">{t('admin.premium.grant')}</dt>
        <dd className="text-stone-900" data-testid="premium-grant">
          {grant
            ? grant.grantedBy
              ? t('admin.premium.grantedBy', { date: date(grant.grantedAt), admin: grant.grantedBy })
              : t('admin.premium.grantedByGone', { date: date(grant.grantedAt) })
            : t('admin.premium.noGrant')}
        </dd>
      </dl>
      <div>
        <Button
          type="button"
          variant={granting ? 'primary' : 'destructive'}
          onClick={() => setConfirming(true)}
        >
          <Crown aria-hidden />
          {granting ? t('admin.premium.grantAction') : t('admin.premium.revokeAction')}
        </Button>
      </div>
      <ActionDialog
        open={confirming}
        onOpenChange={(open) => !saving && setConfirming(open)}
        title={granting ? t('admin.premium.confirmGrantTitle') : t('admin.premium.confirmRevokeTitle')}
        description={
          granting
            ? t('admin.premium.confirmGrantBody', { email: user.email })
            : t('admin.premium.confirmRevokeBody', { email: user.email })
        }
        descriptionClassName="break-words"
        closeLabel={t('admin.premium.cancel')}
        closeDisabled={saving}
        actions={
          <BusyButton
            type="button"
            variant={granting ? 'primary' : 'destructive'}
            onClick={() => void apply()}
            disabled={saving}
            busy={saving}
          >
            {t('admin.premium.confirm')}
          </BusyButton>
        }
      />
    </div>
  );
}
