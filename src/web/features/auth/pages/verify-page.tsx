import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Loader2 } from 'lucide-react';
import { TWO_FACTOR_MESSAGES as M } from '@shared/api/two-factor';
import { postSignInPath } from '@shared/domain/routes';
import { Button } from '@web/components/ui/button';
import { Input, Label } from '@web/components/ui/input';
import { OneTimeCodeInput } from '@web/components/ui/one-time-code-input';
import { AuthShell } from '../components/auth-shell';
import { useVerifySecondFactor } from '../api/verify-second-factor';

/**
 * Two-step verification (/verify): after the password, a person with a second factor
 * enters the code from their authenticator app, or one recovery code, before the session reaches
 * anything else (decision 0037).
 */
export function Component() {
  const navigate = useNavigate();
  const verify = useVerifySecondFactor();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const switched = useRef(false);
  // After a switch between code and recovery code, the new field takes the focus.
  useEffect(() => {
    if (switched.current) input.current?.focus();
  }, [recovery]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const typed = value.trim();
    if (!typed) return setError(recovery ? M.recoveryCodeRequired : M.codeRequired);
    verify.mutate(recovery ? { recoveryCode: typed } : { code: typed }, {
      onSuccess: (session) => {
        if (session.user) void navigate(postSignInPath(session.user), { replace: true });
      },
      onError: (err) => setError(err.message),
    });
  };

  const switchMode = () => {
    switched.current = true;
    setRecovery((r) => !r);
    setValue('');
    setError(null);
  };

  return (
    <AuthShell
      belowHeader
      title="Two-step verification"
      subtitle={recovery ? 'Enter one of the recovery codes you saved.' : 'Enter the 6-digit code from your authenticator app.'}
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <div>
          <Label htmlFor="second-factor-code">{recovery ? 'Recovery code' : 'Code'}</Label>
          {recovery ? (
            <Input
              key="recovery"
              id="second-factor-code"
              name="recovery-code"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              ref={input}
              value={value}
              aria-invalid={!!error}
              aria-describedby={error ? 'second-factor-error' : undefined}
              onChange={(e) => setValue(e.target.value)}
              placeholder="xxxxx-xxxxx"
            />
          ) : (
            <OneTimeCodeInput
              key="code"
              id="second-factor-code"
              name="code"
              ref={input}
              value={value}
              errorId={error ? 'second-factor-error' : undefined}
              onChange={(e) => setValue(e.target.value)}
            />
          )}
        </div>
        <Button type="submit" className="w-full" disabled={verify.isPending}>
          {verify.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
        {error && (
          <p id="second-factor-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-600">
            {error}
          </p>
        )}
      </form>
      <div className="mt-6 border-t border-slate-100 pt-6 text-center text-sm">
        <button type="button" onClick={switchMode} className="rounded font-medium text-brand-600 hover:text-brand-700 hover:underline">
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </button>
      </div>
    </AuthShell>
  );
}
