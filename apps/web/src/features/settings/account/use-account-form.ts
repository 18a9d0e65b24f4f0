import type { ErrorCode } from '@summa/shared';
import type { SyntheticEvent } from 'react';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormErrorFocus } from '../../../components/ui/form-error';
import { serverFieldError } from '../../../lib/form-errors';
import { logWarning } from '../../../lib/logger';
import { accountErrorText } from './account-errors';

interface AccountFormOptions<Values extends FieldValues, Result> {
  resolver: Resolver<Values>;
  defaultValues: DefaultValues<Values>;
  /** The server's refusals shown on a field, by their error code. */
  refusals: Partial<Record<ErrorCode, Path<Values>>>;
  /** What the log says when the request fails otherwise. */
  failureLog: string;
  send: (values: Values) => Promise<Result>;
  /** After a success, once the form is emptied. */
  onSent: (result: Result) => void;
}

/**
 * An account form on its shared schema: a refusal the server names a field for shows on that
 * field; any other failure is logged and said above the button, which takes the focus.
 */
export function useAccountForm<Values extends FieldValues, Result>({
  resolver,
  defaultValues,
  refusals,
  failureLog,
  send,
  onSent,
}: AccountFormOptions<Values, Result>) {
  const { t } = useTranslation();
  const { ref: errorRef, focus: focusError } = useFormErrorFocus();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ resolver, mode: 'onTouched', defaultValues });
  const { isSubmitting } = form.formState;

  const submit = async (values: Values) => {
    setFailure(null);
    let result: Result;
    try {
      result = await send(values);
    } catch (error) {
      const refusal = serverFieldError(error, refusals);
      if (refusal) {
        form.setError(refusal.field, { type: refusal.code }, { shouldFocus: true });
        return;
      }
      logWarning(failureLog, error);
      setFailure(accountErrorText(error, t));
      focusError();
      return;
    }
    form.reset();
    onSent(result);
  };

  const onSubmit = (event: SyntheticEvent<HTMLFormElement>) => {
    // The button stays focusable while saving (focus stays on it); a second press does nothing.
    if (isSubmitting) event.preventDefault();
    else void form.handleSubmit(submit)(event);
  };

  return { form, failure, errorRef, isSubmitting, onSubmit };
}
