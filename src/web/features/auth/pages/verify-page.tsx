import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Loader2 } from 'lucide-react';
import { verifyBody } from '@shared/api/two-factor';
import { postSignInPath } from '@shared/domain/routes';
import { Button } from '@web/components/ui/button';
import { Input, Label } from '@web/components/ui/input';
import { OneTimeCodeInput } from '@web/components/ui/one-time-code-input';
import { setServerErrors } from '@web/lib/form-errors';
import { AuthShell } from '../components/auth-shell';
import { useVerifySecondFactor } from '../api/verify-second-factor';

/** The API's two ways of the second step: a code from the app, or one recovery code. */
const [codeForm, recoveryForm] = verifyBody.options;
type SecondStep = { code: string } | { recoveryCode: string };

/**
 * Two-step verification (/verify): after the password, a person with a second factor
 * enters the code from their authenticator app, or one recovery code, before the session reaches
 * anything else (decision 0037).
 */
export function Component() {
  const [recovery, setRecovery] = useState(false);
  const [switched, setSwitched] = useState(false);
  const switchMode = () => {
    setSwitched(true);
    setRecovery((r) => !r);
  };

  return (
    <AuthShell
      belowHeader
      title="Two-step verification"
      subtitle={recovery ? 'Enter one of the recovery codes you saved.' : 'Enter the 6-digit code from your authenticator app.'}
    >
      {/* A switch starts the other form afresh: its own field, empty, without the last one's message. */}
      {recovery ? <RecoveryCodeForm focus={switched} /> : <AppCodeForm focus={switched} />}
      <div className="mt-6 border-t border-slate-100 pt-6 text-center text-sm">
        <button type="button" onClick={switchMode} className="rounded font-medium text-brand-600 hover:text-brand-700 hover:underline">
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </button>
      </div>
    </AuthShell>
  );
}

/** Sends the second step and goes on where the person was headed; a refusal is the form's message. */
function useVerify(onRefused: (err: Error) => void) {
  const navigate = useNavigate();
  const verify = useVerifySecondFactor();
  const send = (body: SecondStep) =>
    verify.mutate(body, {
      onSuccess: (session) => {
        if (session.user) void navigate(postSignInPath(session.user), { replace: true });
      },
      onError: onRefused,
    });
  return { send, pending: verify.isPending };
}

/** After a switch between code and recovery code, the new field takes the focus. */
function useFocusOnSwitch(focus: boolean) {
  const ref = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return ref;
}

/**
 * One way of the second step as a form of one field: the field registered with the focus it takes
 * after a switch, the schema's or the server's message, and the send.
 */
function useVerifyForm(name: 'code' | 'recoveryCode', focus: boolean) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SecondStep>({
    resolver: zodResolver(name === 'code' ? codeForm : recoveryForm),
    defaultValues: (name === 'code' ? { code: '' } : { recoveryCode: '' }) as SecondStep,
    shouldFocusError: false,
  });
  const { send, pending } = useVerify((err) => {
    if (!setServerErrors(setError, err, [name])) setError('root.server', { message: err.message });
  });
  const focusRef = useFocusOnSwitch(focus);
  const { ref, ...field } = register(name);
  const error = errors[name as keyof typeof errors]?.message ?? errors.root?.server?.message;
  const input = {
    ...field,
    ref: (el: HTMLInputElement | null) => {
      ref(el);
      focusRef.current = el;
    },
  };
  return { input, error, pending, onSubmit: handleSubmit(send) };
}

function AppCodeForm({ focus }: { focus: boolean }) {
  const { input, error, pending, onSubmit } = useVerifyForm('code', focus);
  return (
    <VerifyForm onSubmit={onSubmit} pending={pending} error={error}>
      <Label htmlFor="second-factor-code">Code</Label>
      <OneTimeCodeInput id="second-factor-code" errorId={error ? 'second-factor-error' : undefined} {...input} />
    </VerifyForm>
  );
}

function RecoveryCodeForm({ focus }: { focus: boolean }) {
  const { input, error, pending, onSubmit } = useVerifyForm('recoveryCode', focus);
  return (
    <VerifyForm onSubmit={onSubmit} pending={pending} error={error}>
      <Label htmlFor="second-factor-code">Recovery code</Label>
      <Input
        id="second-factor-code"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        aria-invalid={!!error}
        aria-describedby={error ? 'second-factor-error' : undefined}
        placeholder="xxxxx-xxxxx"
        {...input}
      />
    </VerifyForm>
  );
}

function VerifyForm({
  onSubmit,
  pending,
  error,
  children,
}: {
  onSubmit: (e: React.FormEvent) => Promise<void>;
  pending: boolean;
  error: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate>
      <div>{children}</div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
        {pending ? 'Verifying...' : 'Verify'}
      </Button>
      {error && (
        <p id="second-factor-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}
