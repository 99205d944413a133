import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { z } from 'zod';
import { AUTH_MESSAGES, newPassword } from '@shared/api/auth';
import { oneTimeCode } from '@shared/api/two-factor';
import { MIN_PASSWORD_LENGTH } from '@shared/domain/constants';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { OneTimeCodeInput } from '@web/components/ui/one-time-code-input';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api';
import { twoFactorQuery } from '@web/features/account';
import { AuthShell } from '../components/auth-shell';
import { useChangePassword } from '../api/change-password';
import { useResetPassword } from '../api/reset-password';
import { useCurrentUser } from '../api/session';

const SUCCESS = { title: 'Success!', description: 'Your password has been updated. You will be redirected.' };
/** Long enough to read the success toast before the reload. */
const RELOAD_DELAY_MS = 1500;

/** What proves the person before a signed-in change (decision 0051); none from the e-mailed link. */
type Proof = 'password' | 'code';

/**
 * The API's new password and code, with what only the form has: the password typed twice and which
 * proof the person gives (a code is checked only when it is the proof).
 */
const changePasswordForm = z
  .object({ password: newPassword, confirm: z.string(), currentPassword: z.string(), code: z.string(), codeProof: z.boolean() })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: AUTH_MESSAGES.passwordsDoNotMatch });
    const code = oneTimeCode.safeParse(v.code);
    if (v.codeProof && !code.success) ctx.addIssue({ code: 'custom', path: ['code'], message: code.error.issues[0].message });
  });
type ChangePasswordForm = z.input<typeof changePasswordForm>;

/**
 * Change password (guide/accounts-and-security.md#passwords): from the e-mailed link (`?token=`) or, signed
 * in, the change that lifts the password-change confinement and then reloads the app. Signed in,
 * it asks for the current password (the temporary one when the change is forced), or a code from
 * the authenticator app for someone with two-step verification on; a wrong one is said under its
 * field and nothing typed is lost.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const change = useChangePassword();
  const reset = useResetPassword();
  const [proof, setProof] = useState<Proof>('password');
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { password: '', confirm: '', currentPassword: '', code: '', codeProof: false },
    shouldFocusError: false,
    // Each check is said when the person submits, not while they type.
    reValidateMode: 'onSubmit',
  });
  const busy = change.isPending || reset.isPending;
  const signedIn = !!user && !token;
  const forced = !!user?.passwordResetRequired;
  // A code is offered to someone with two-step verification on (not during a forced change: the
  // temporary password is what they have then).
  const twoFactor = useQuery({ ...twoFactorQuery, enabled: signedIn && !forced });
  const codeOffered = signedIn && !forced && !!twoFactor.data?.enabled;

  const onError = (err: Error) => toast({ title: 'Error', description: err.message, variant: 'destructive' });
  const proofField = proof === 'code' ? 'code' : 'currentPassword';
  const proofError = errors[proofField]?.message;
  /** A wrong or missing proof is said under its field; anything else in a toast. */
  const onChangeError = (err: Error) => {
    const proofCodes = ['wrong_password', 'reauthentication_required', 'wrong_code', 'validation'];
    if (err instanceof ApiError && proofCodes.includes(err.code) && (err.code !== 'validation' || err.fields?.code)) {
      return setError(proofField, { type: 'server', message: err.fields?.currentPassword ?? err.fields?.code ?? err.message });
    }
    onError(err);
  };
  const chooseProof = (next: Proof) => {
    setProof(next);
    setValue('codeProof', next === 'code');
    clearErrors(['currentPassword', 'code']);
  };

  /** One thing at a time, as before: the length, then the match, then the code. */
  const onInvalid = (found: FieldErrors<ChangePasswordForm>) => {
    if (found.password) {
      clearErrors();
      return toast({ title: AUTH_MESSAGES.passwordTooShortTitle, description: AUTH_MESSAGES.passwordTooShort, variant: 'destructive' });
    }
    if (found.confirm) {
      clearErrors('code');
      return toast({ title: AUTH_MESSAGES.passwordsDoNotMatch, variant: 'destructive' });
    }
  };

  const onValid = ({ password, currentPassword, code }: ChangePasswordForm) => {
    if (token) {
      reset.mutate(
        { token, password },
        {
          onSuccess: () => {
            toast(SUCCESS);
            void navigate('/login', { replace: true });
          },
          onError,
        },
      );
      return;
    }
    const input = proof === 'code' ? { password, code: code.trim() } : { password, ...(currentPassword ? { currentPassword } : {}) };
    change.mutate(input, {
      onSuccess: () => {
        toast(SUCCESS);
        // A full reload refetches the session, which no longer requires a password change.
        window.setTimeout(() => window.location.assign('/'), RELOAD_DELAY_MS);
      },
      onError: onChangeError,
    });
  };

  return (
    <AuthShell
      title="Change Password"
      subtitle={
        user?.passwordResetRequired ? 'Please choose a new password before you continue.' : 'Choose a new password for your account.'
      }
      belowHeader={!!user}
    >
      <form onSubmit={handleSubmit(onValid, onInvalid)} className="space-y-4">
        {signedIn && proof === 'password' && (
          <div>
            <Label htmlFor="current-password">{forced ? 'Temporary Password' : 'Current Password'}</Label>
            <Input
              id="current-password"
              type="password"
              autoComplete="current-password"
              {...register('currentPassword')}
              aria-invalid={!!proofError}
              aria-describedby={proofError ? 'current-password-error' : forced ? 'current-password-hint' : undefined}
            />
            {forced && !proofError && (
              <p id="current-password-hint" className="mt-1 text-xs text-slate-500">
                The password you were given and just signed in with.
              </p>
            )}
            <FieldError id="current-password-error" message={proofError} />
            {codeOffered && (
              <button
                type="button"
                className="mt-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                onClick={() => chooseProof('code')}
              >
                Use a code from your authenticator app instead
              </button>
            )}
          </div>
        )}
        {signedIn && proof === 'code' && (
          <div>
            <Label htmlFor="change-password-code">Code from your authenticator app</Label>
            <OneTimeCodeInput
              id="change-password-code"
              className="max-w-40"
              errorId={proofError ? 'change-password-code-error' : undefined}
              {...register('code')}
            />
            <FieldError id="change-password-code-error" message={proofError} />
            <button
              type="button"
              className="mt-1 block text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
              onClick={() => chooseProof('password')}
            >
              Use your current password instead
            </button>
          </div>
        )}
        <div>
          <Label htmlFor="new-password">New Password</Label>
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            required
            {...register('password')}
            aria-describedby="new-password-hint"
          />
          <p id="new-password-hint" className="mt-1 text-xs text-slate-500">
            Min. {MIN_PASSWORD_LENGTH} characters
          </p>
        </div>
        <div>
          <Label htmlFor="confirm-password">Confirm New Password</Label>
          <Input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            required
            {...register('confirm')}
            aria-invalid={!!errors.confirm}
            aria-describedby={errors.confirm ? 'confirm-password-error' : undefined}
          />
          <FieldError id="confirm-password-error" message={errors.confirm?.message} />
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {busy ? 'Updating...' : 'Set New Password'}
        </Button>
      </form>
    </AuthShell>
  );
}
