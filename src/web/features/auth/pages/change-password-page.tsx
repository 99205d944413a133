import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import { AUTH_MESSAGES } from '@shared/api/auth';
import { MIN_PASSWORD_LENGTH } from '@shared/domain/constants';
import { Button } from '@web/components/ui/button';
import { FieldError, Input, Label } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { AuthShell } from '../components/auth-shell';
import { useChangePassword } from '../api/change-password';
import { useResetPassword } from '../api/reset-password';
import { useCurrentUser } from '../api/session';

const SUCCESS = { title: 'Success!', description: 'Your password has been updated. You will be redirected.' };
/** Long enough to read the success toast before the reload. */
const RELOAD_DELAY_MS = 1500;

/**
 * Change password (spec 000 sections 2, 4, 5, 8): from the e-mailed link (`?token=`) or, signed
 * in, the change that lifts the password-change confinement and then reloads the app.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const change = useChangePassword();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const busy = change.isPending || reset.isPending;

  const onError = (err: Error) => toast({ title: 'Error', description: err.message, variant: 'destructive' });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setMismatch(false);
    if (password.length < MIN_PASSWORD_LENGTH) {
      return toast({ title: AUTH_MESSAGES.passwordTooShortTitle, description: AUTH_MESSAGES.passwordTooShort, variant: 'destructive' });
    }
    if (password !== confirm) {
      setMismatch(true);
      return toast({ title: AUTH_MESSAGES.passwordsDoNotMatch, variant: 'destructive' });
    }
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
    change.mutate(password, {
      onSuccess: () => {
        toast(SUCCESS);
        // A full reload refetches the session, which no longer requires a password change.
        window.setTimeout(() => window.location.assign('/'), RELOAD_DELAY_MS);
      },
      onError,
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
      <form onSubmit={onSubmit} className="space-y-4">
        <div>
          <Label htmlFor="new-password">New Password</Label>
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
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
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
            aria-invalid={mismatch}
            aria-describedby={mismatch ? 'confirm-password-error' : undefined}
          />
          <FieldError id="confirm-password-error" message={mismatch ? AUTH_MESSAGES.passwordsDoNotMatch : undefined} />
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {busy ? 'Updating...' : 'Set New Password'}
        </Button>
      </form>
    </AuthShell>
  );
}
