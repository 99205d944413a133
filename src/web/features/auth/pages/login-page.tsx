import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, KeyRound, Loader2 } from 'lucide-react';
import { AUTH_MESSAGES, forgotPasswordBody, signInBody, type SignInBody } from '@shared/api/auth';
import { SSO_START_PATH, ssoErrorMessage } from '@shared/api/sso-messages';
import { postSignInPath } from '@shared/domain/routes';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Input, Label } from '@web/components/ui/input';
import { toast } from '@web/components/ui/toast-store';
import { AuthShell } from '../components/auth-shell';
import { useForgotPassword } from '../api/forgot-password';
import { useSignIn } from '../api/sign-in';
import { useSessionNotice } from '../api/session';
import { signInOptionsQuery } from '../api/sign-in-options';

/**
 * Sign-in (guide/accounts-and-security.md#signing-in), also shown at /request-access: access is granted by an
 * administrator. With single sign-on configured, 'Sign in with {label}' sits above the password
 * form, or alone when an admin turned password sign-in off (decision 0036); a sign-on that came
 * back refused says why (`?sso=<code>`).
 */
export function Component() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const forgot = useForgotPassword();
  const { register, handleSubmit, getValues } = useForm<SignInBody>({
    resolver: zodResolver(signInBody),
    defaultValues: { email: '', password: '' },
    shouldFocusError: false,
  });
  // One line says what went wrong, whether the form's check or the server's answer.
  const [error, setError] = useState<string | null>(null);
  // Why the last session ended, until the person tries again.
  const notice = useSessionNotice();
  const [searchParams] = useSearchParams();
  const ssoMessage = ssoErrorMessage(searchParams.get('sso'));
  const [noticeDismissed, setNoticeDismissed] = useState(false);
  const message = error ?? (noticeDismissed ? null : (ssoMessage ?? notice));
  // Until the options arrive (or if they cannot be read) the password form shows, as it always did.
  const options = useQuery(signInOptionsQuery);
  const sso = options.data?.sso ?? null;
  const passwordOn = options.data?.password !== false;

  const tryAgain = () => {
    setError(null);
    setNoticeDismissed(true);
  };
  const onSubmit = handleSubmit(
    (body) => {
      tryAgain();
      signIn.mutate(body, {
        onSuccess: (session) => {
          if (session.user) void navigate(postSignInPath(session.user), { replace: true });
        },
        onError: (err) => setError(err.message),
      });
    },
    (found) => {
      tryAgain();
      setError(found.email?.message ?? found.password?.message ?? AUTH_MESSAGES.missingCredentials);
    },
  );

  const onForgot = () => {
    tryAgain();
    const parsed = forgotPasswordBody.safeParse({ email: getValues('email') });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    forgot.mutate(parsed.data.email, {
      onSuccess: () => toast({ title: AUTH_MESSAGES.resetLinkSent }),
      onError: (err) => setError(err.message),
    });
  };

  return (
    <AuthShell title="Sign In" subtitle="Sign in to submit and track your communication requests.">
      {sso && (
        <div className="mb-4 space-y-4">
          <a href={SSO_START_PATH} className={buttonClasses('outline', 'md', 'w-full')}>
            <KeyRound className="h-4 w-4" aria-hidden />
            Sign in with {sso.label}
          </a>
          {passwordOn && (
            <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-500" aria-hidden>
              <span className="h-px flex-1 bg-slate-200" />
              or
              <span className="h-px flex-1 bg-slate-200" />
            </div>
          )}
        </div>
      )}
      {passwordOn && (
        <form onSubmit={onSubmit} className="space-y-4" aria-describedby={message ? 'sign-in-error' : undefined}>
          <div>
            <Label htmlFor="email">Email</Label>
            <Input id="email" type="email" autoComplete="email" required {...register('email')} placeholder="you@example.org" />
          </div>
          <div>
            <div className="mb-1 flex items-center justify-between">
              <Label htmlFor="password" className="mb-0">
                Password
              </Label>
              <button
                type="button"
                onClick={onForgot}
                disabled={forgot.isPending}
                className="rounded text-sm font-medium text-brand-600 hover:text-brand-700 hover:underline disabled:opacity-50"
              >
                Forgot Password
              </button>
            </div>
            <Input id="password" type="password" autoComplete="current-password" required {...register('password')} />
          </div>
          <Button type="submit" className="w-full" disabled={signIn.isPending}>
            {signIn.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            {signIn.isPending ? 'Signing In...' : 'Sign In'}
          </Button>
        </form>
      )}
      {message && (
        <p id="sign-in-error" role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {message}
        </p>
      )}
      <div className="mt-6 space-y-4 border-t border-slate-100 pt-6 text-center text-sm">
        <p className="text-slate-500">Need access? Contact an administrator to be added</p>
        <Link to="/" className="inline-flex items-center gap-1.5 rounded font-medium text-slate-700 hover:text-slate-900">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Home
        </Link>
      </div>
    </AuthShell>
  );
}
