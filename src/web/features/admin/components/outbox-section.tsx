import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { OUTBOX_MESSAGES } from '@shared/api/outbox';
import { formatDateTime } from '@shared/domain/dates';
import { readerLocale } from '@web/lib/locale';
import { ChevronRight, ExternalLink, KeyRound, Mail, RefreshCw, RotateCw, Send } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { outboxQuery, type OutboxEmail } from '../api/get-outbox';
import { mailDeliveryQuery } from '../api/get-mail-delivery';
import { useResendOutboxEmail } from '../api/resend-outbox-email';
import { useRevealOutboxPassword } from '../api/reveal-outbox-password';
import { useSendTestEmail } from '../api/send-test-email';
import { MailDeliveryNotice } from './mail-delivery-notice';
import { SectionHeader } from './section-header';

const when = (iso: string) => formatDateTime(iso, readerLocale());

/** Sent; failed (retrying or given up) once an attempt left an error; otherwise still queued. */
function EmailStatus({ email }: { email: OutboxEmail }) {
  if (email.sent) {
    return (
      <div>
        <span className="inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800">Sent</span>
        {email.sentAt && <p className="mt-1 text-xs text-slate-500">{when(email.sentAt)}</p>}
      </div>
    );
  }
  if (email.lastError) {
    return (
      <div>
        <span className="inline-flex rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-medium text-red-800">Failed</span>
        <p className="mt-1 text-xs text-slate-500">
          {email.attempts} {email.attempts === 1 ? 'attempt' : 'attempts'}
        </p>
        <p className="mt-0.5 max-w-56 break-words text-xs text-red-700">{email.lastError}</p>
      </div>
    );
  }
  return <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-800">Queued</span>;
}

const COLUMNS = 'md:grid md:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_11rem_10rem] md:gap-4';

/** One e-mail: a list row (a table would not fit a phone) whose subject expands the body and link. */
function EmailRow({ email }: { email: OutboxEmail }) {
  const [open, setOpen] = useState(false);
  const detailId = `outbox-${email.id}`;
  return (
    <li>
      <div className={`flex flex-col gap-1.5 px-4 py-3 sm:px-6 ${COLUMNS} md:items-start`}>
        <p className="break-all text-sm text-slate-700">
          <span className="sr-only">To: </span>
          {email.recipient}
        </p>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailId}
          onClick={() => setOpen(!open)}
          className="inline-flex items-start gap-1 rounded text-left text-sm font-medium text-slate-900 hover:text-brand-700"
        >
          <ChevronRight className={`mt-0.5 h-4 w-4 shrink-0 text-slate-400 transition-transform ${open ? 'rotate-90' : ''}`} aria-hidden />
          {email.subject}
        </button>
        <p className="text-xs text-slate-500 md:text-sm md:text-slate-600">
          <span className="sr-only">Created </span>
          {when(email.createdAt)}
        </p>
        <div className="text-sm">
          <EmailStatus email={email} />
        </div>
      </div>
      {open && (
        <div id={detailId} className="px-4 pb-4 sm:px-6">
          <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
            <p className="whitespace-pre-wrap break-words text-sm leading-relaxed text-slate-700">{email.body}</p>

            {email.actionUrl && (
              <a
                href={email.actionUrl}
                className="mt-3 inline-flex items-center gap-1 break-all text-sm font-medium text-brand-600 hover:underline"
              >
                {email.actionText || 'Open Lampstand'}
                <ExternalLink className="h-3.5 w-3.5 shrink-0" aria-hidden />
              </a>
            )}
            {(email.canReveal || email.revealedAt || email.canResend) && (
              <div className="mt-3 flex flex-wrap items-center gap-2">
                {(email.canReveal || email.revealedAt) && <RevealPassword email={email} />}
                {email.canResend && <ResendEmail email={email} />}
              </div>
            )}
          </div>
        </div>
      )}
    </li>
  );
}

const DIALOG =
  'fixed left-1/2 top-1/2 z-[61] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl';

/**
 * An invitation's temporary password, masked in the body, shown once after a confirmation
 * (decision 0053): the answer is kept only while its dialog is open.
 */
function RevealPassword({ email }: { email: OutboxEmail }) {
  const reveal = useRevealOutboxPassword();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState<string | null>(null);
  // The list refetches after the reveal (it can no longer be revealed): the answer's dialog stays open regardless.
  return (
    <>
      {email.canReveal ? (
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)} disabled={reveal.isPending}>
          <KeyRound className="h-4 w-4" aria-hidden />
          Show password once
        </Button>
      ) : (
        email.revealedAt && (
          <p className="text-xs text-slate-500">Password shown once on {when(email.revealedAt)}; it cannot be shown again.</p>
        )
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Show the temporary password?"
        description={OUTBOX_MESSAGES.revealConfirm(email.recipient)}
        confirm="Show password"
        onConfirm={() => reveal.mutateAsync(email.id).then((answer) => setPassword(answer.password))}
      />
      <AlertDialog.Root open={password !== null} onOpenChange={(open) => !open && setPassword(null)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
          <AlertDialog.Content className={DIALOG}>
            <AlertDialog.Title className="text-lg font-semibold">Temporary password for {email.recipient}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-slate-600">
              It will not be shown again. Give it to the person; they choose their own at first sign-in.
            </AlertDialog.Description>
            <p className="mt-4 select-all break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-base text-slate-900">
              <span className="sr-only">Temporary password: </span>
              {password}
            </p>
            <div className="mt-6 flex justify-end">
              <AlertDialog.Action className={buttonClasses('primary')}>Done</AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}

/** Resend a failed e-mail, after a confirmation. */
function ResendEmail({ email }: { email: OutboxEmail }) {
  const resend = useResendOutboxEmail();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" disabled={resend.isPending}>
          <RotateCw className="h-4 w-4" aria-hidden />
          Resend
        </Button>
      }
      title="Resend this e-mail?"
      description={OUTBOX_MESSAGES.resendConfirm(email.recipient)}
      confirm="Resend"
      onConfirm={() => resend.mutate(email.id)}
    />
  );
}

/** The e-mail outbox: without an SMTP relay the e-mails wait here, readable by admins (ARCHITECTURE.md). */
export function OutboxSection() {
  const outbox = useInfiniteQuery(outboxQuery);
  const emails = outbox.data?.pages.flatMap((p) => p.items) ?? [];
  const queued = outbox.data?.pages[0]?.queued ?? 0;
  const delivery = useQuery(mailDeliveryQuery);
  const testEmail = useSendTestEmail();
  return (
    <Card className="overflow-hidden">
      <SectionHeader
        icon={Mail}
        title="E-mail Outbox"
        description="Every e-mail the app has queued, newest first. Choose a subject to read the message; passwords and reset links are masked."
        id="outbox-heading"
      >
        {outbox.data && <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">{queued} queued</span>}
        {delivery.data?.relayConfigured && (
          <Button variant="outline" size="sm" onClick={() => testEmail.mutate()} disabled={testEmail.isPending}>
            <Send className="h-4 w-4" aria-hidden />
            {testEmail.isPending ? 'Sending...' : 'Send test e-mail'}
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => void outbox.refetch()} disabled={outbox.isFetching}>
          <RefreshCw className={`h-4 w-4 ${outbox.isFetching ? 'animate-spin' : ''}`} aria-hidden />
          Refresh
        </Button>
      </SectionHeader>
      <MailDeliveryNotice className="mx-4 mb-4 sm:mx-6" />
      {outbox.isPending ? (
        <LoadingState />
      ) : outbox.isError ? (
        <ErrorState message="Could not load the outbox." onRetry={() => void outbox.refetch()} />
      ) : emails.length === 0 ? (
        <EmptyState>No e-mails have been queued yet.</EmptyState>
      ) : (
        <>
          <div
            aria-hidden
            className={`hidden border-y border-slate-200 bg-slate-50 px-6 py-2.5 text-xs font-medium uppercase tracking-wider text-slate-500 ${COLUMNS}`}
          >
            <span>Recipient</span>
            <span>Subject</span>
            <span>Created</span>
            <span>Status</span>
          </div>
          <ul className="divide-y divide-slate-100 border-t border-slate-200 md:border-t-0">
            {emails.map((email) => (
              <EmailRow key={email.id} email={email} />
            ))}
          </ul>
        </>
      )}
      {outbox.hasNextPage && (
        <div className="flex justify-center border-t border-slate-100 p-3">
          <Button variant="outline" size="sm" onClick={() => void outbox.fetchNextPage()} disabled={outbox.isFetchingNextPage}>
            {outbox.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </Card>
  );
}
