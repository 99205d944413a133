import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Check, Copy, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { codeBody, TWO_FACTOR_MESSAGES as M, type Enrollment } from '@shared/api/two-factor';
import { formatDateTime } from '@shared/domain/dates';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { FieldError, Label } from '@web/components/ui/input';
import { OneTimeCodeInput } from '@web/components/ui/one-time-code-input';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { setServerErrors } from '@web/lib/form-errors';
import { readerLocale } from '@web/lib/locale';
import { useDisableTwoFactor } from '../api/disable-two-factor';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useConfirmEnrollment, useStartEnrollment } from '../api/enroll-two-factor';
import { twoFactorQuery } from '../api/get-two-factor';

/** The base32 secret in groups of four, easier to type into an app that cannot scan. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * A form of one current code from the app, checked by the API's own schema of these endpoints
 * (setup, new recovery codes, turning off): the schema's or the server's message, said when the
 * person submits and kept until the next try, and the send of the code as the schema reads it.
 */
function useCodeForm(send: (code: string, onRefused: (err: Error) => void) => void) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    clearErrors,
    formState: { errors },
  } = useForm<z.input<typeof codeBody>, unknown, z.output<typeof codeBody>>({
    resolver: zodResolver(codeBody),
    defaultValues: { code: '' },
    shouldFocusError: false,
    reValidateMode: 'onSubmit',
  });
  const onRefused = (err: Error) => {
    if (!setServerErrors(setError, err, ['code'])) setError('root.server', { message: err.message });
  };
  const onSubmit = handleSubmit(({ code }) => send(code, onRefused));
  const error = errors.code?.message ?? errors.root?.server?.message;
  return { field: register('code'), error, onSubmit, reset, clearErrors, setFocus };
}

/**
 * Two-step verification on the account page: set up an authenticator app from a QR
 * code (or the key shown under it), confirmed by a first code; the ten recovery codes shown once;
 * when on, its status, new recovery codes and turning it off, each with a current code (decision
 * 0051: the session alone is not enough).
 */
export function TwoFactorSection() {
  const status = useQuery(twoFactorQuery);
  const [recoveryCodes, setRecoveryCodes] = useState<{ codes: string[]; heading: string } | null>(null);
  return (
    <Card className="p-6" role="region" aria-labelledby="two-factor-heading">
      <div className="flex items-start gap-3">
        <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id="two-factor-heading" className="text-lg font-semibold text-slate-900">
            Two-step verification
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            After your password, sign-in asks for a code from an authenticator app on your phone.
          </p>
        </div>
      </div>
      <div className="mt-4">
        {recoveryCodes ? (
          <RecoveryCodes codes={recoveryCodes.codes} heading={recoveryCodes.heading} onDone={() => setRecoveryCodes(null)} />
        ) : status.isPending ? (
          <LoadingState />
        ) : status.isError ? (
          <ErrorState message={`Could not load two-step verification: ${status.error.message}`} onRetry={() => void status.refetch()} />
        ) : status.data.enabled ? (
          <Enabled
            enabledAt={status.data.enabledAt}
            recoveryCodesLeft={status.data.recoveryCodesLeft}
            onNewCodes={(codes) => setRecoveryCodes({ codes, heading: 'New recovery codes made: the old ones no longer work.' })}
          />
        ) : (
          <NotEnabled
            required={status.data.required}
            onEnrolled={(codes) => setRecoveryCodes({ codes, heading: `${M.enabled} Save your recovery codes.` })}
          />
        )}
      </div>
    </Card>
  );
}

function NotEnabled({ required, onEnrolled }: { required: boolean; onEnrolled: (codes: string[]) => void }) {
  const start = useStartEnrollment();
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  if (enrollment) return <Enroll enrollment={enrollment} onCancel={() => setEnrollment(null)} onEnrolled={onEnrolled} />;
  return (
    <div className="space-y-3">
      {required && (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
          Your role requires two-step verification. Set it up to continue using Lampstand.
        </p>
      )}
      <p className="text-sm text-slate-700">Two-step verification is off.</p>
      <Button onClick={() => start.mutate(undefined, { onSuccess: setEnrollment })} disabled={start.isPending}>
        {start.isPending ? 'Starting...' : 'Set up two-step verification'}
      </Button>
      {start.isError && (
        <p role="alert" className="text-sm text-red-600">
          {start.error.message}
        </p>
      )}
    </div>
  );
}

function Enroll({
  enrollment,
  onCancel,
  onEnrolled,
}: {
  enrollment: Enrollment;
  onCancel: () => void;
  onEnrolled: (codes: string[]) => void;
}) {
  const confirm = useConfirmEnrollment();
  const { field, error, onSubmit } = useCodeForm((code, onError) =>
    confirm.mutate(code, {
      onSuccess: (res) => {
        toast({ title: M.enabled });
        onEnrolled(res.recoveryCodes);
      },
      onError,
    }),
  );
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
        <li>Scan the QR code, or type the setup key.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <img
          src={enrollment.qrCode}
          alt="QR code for your authenticator app"
          width={176}
          height={176}
          className="h-44 w-44 shrink-0 rounded-md border border-slate-200 bg-white p-1"
        />
        <div className="min-w-0 text-sm">
          <p className="text-slate-500" id="two-factor-secret-label">
            Setup key
          </p>
          <p
            aria-labelledby="two-factor-secret-label"
            data-secret={enrollment.secret}
            className="mt-1 break-all font-mono text-base font-medium tracking-wider text-slate-900"
          >
            {grouped(enrollment.secret)}
          </p>
        </div>
      </div>
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-2" noValidate>
        <Label htmlFor="two-factor-confirm-code">Code from the app</Label>
        <div className="flex flex-wrap gap-2">
          <OneTimeCodeInput
            id="two-factor-confirm-code"
            className="max-w-40"
            errorId={error ? 'two-factor-confirm-error' : undefined}
            {...field}
          />
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? 'Verifying...' : 'Turn on'}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel} disabled={confirm.isPending}>
            Cancel
          </Button>
        </div>
        <FieldError id="two-factor-confirm-error" message={error} />
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, heading, onDone }: { codes: string[]; heading: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      toast({ title: 'Could not copy. Select the codes and copy them instead.', variant: 'destructive' });
    }
  };
  return (
    <div className="space-y-3">
      <p className="text-sm font-medium text-slate-900">{heading}</p>
      <p className="text-sm text-slate-600">
        Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only this once.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-4 font-mono text-sm text-slate-900 sm:grid-cols-5"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

type CodeAction = 'disable' | 'regenerate';

const ACTIONS: Record<CodeAction, { label: string; submit: string; busy: string; variant: 'destructive' | 'primary' }> = {
  disable: {
    label: 'To turn it off, enter a current code from the app',
    submit: 'Turn off two-step verification',
    busy: 'Turning off...',
    variant: 'destructive',
  },
  regenerate: {
    label: 'To make new recovery codes, enter a current code from the app',
    submit: 'Make new recovery codes',
    busy: 'Making codes...',
    variant: 'primary',
  },
};

function Enabled({
  enabledAt,
  recoveryCodesLeft,
  onNewCodes,
}: {
  enabledAt: string | null;
  recoveryCodesLeft: number;
  onNewCodes: (codes: string[]) => void;
}) {
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [action, setAction] = useState<CodeAction | null>(null);
  const { field, error, onSubmit, reset, clearErrors, setFocus } = useCodeForm((code, onError) => {
    if (action === 'regenerate') {
      regenerate.mutate(code, { onSuccess: (res) => onNewCodes(res.recoveryCodes), onError });
    } else {
      disable.mutate(code, { onSuccess: () => toast({ title: M.disabled }), onError });
    }
  });
  const buttons = useRef<Partial<Record<CodeAction, HTMLButtonElement | null>>>({});
  const opened = useRef<CodeAction | null>(null);
  useEffect(() => {
    // The code field takes focus when a form opens; the button that opened it gets it back after.
    if (action) setFocus('code');
    else if (opened.current) buttons.current[opened.current]?.focus();
  }, [action, setFocus]);
  const pending = disable.isPending || regenerate.isPending;
  /** Each opening starts afresh: an empty field, without the last try's message. */
  const open = (next: CodeAction) => {
    opened.current = next;
    reset();
    setAction(next);
  };
  const close = () => {
    setAction(null);
    clearErrors();
  };
  const copy = action ? ACTIONS[action] : null;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        <span className="font-medium text-emerald-700">On</span>
        {enabledAt && ` since ${formatDateTime(enabledAt, readerLocale())}`}. Recovery codes left: {recoveryCodesLeft}.
      </p>
      {!copy ? (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" ref={(el) => void (buttons.current.regenerate = el)} onClick={() => open('regenerate')}>
            New recovery codes
          </Button>
          <Button variant="outline" ref={(el) => void (buttons.current.disable = el)} onClick={() => open('disable')}>
            Turn off
          </Button>
        </div>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} className="space-y-2" noValidate>
          <Label htmlFor="two-factor-action-code">{copy.label}</Label>
          <div className="flex flex-wrap gap-2">
            <OneTimeCodeInput
              id="two-factor-action-code"
              className="max-w-40"
              errorId={error ? 'two-factor-action-error' : undefined}
              {...field}
            />
            <Button type="submit" variant={copy.variant} disabled={pending}>
              {pending ? copy.busy : copy.submit}
            </Button>
            <Button type="button" variant="outline" onClick={close} disabled={pending}>
              Cancel
            </Button>
          </div>
          <FieldError id="two-factor-action-error" message={error} />
        </form>
      )}
    </div>
  );
}
