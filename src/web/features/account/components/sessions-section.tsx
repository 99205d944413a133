import { useQuery } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import type { AccountSession } from '@shared/api/two-factor';
import { formatDateTime } from '@shared/domain/dates';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { readerLocale } from '@web/lib/locale';
import { useEndOtherSessions, useEndSession } from '../api/end-sessions';
import { accountSessionsQuery } from '../api/get-sessions';
import { describeDevice } from './describe-device';

/**
 * The person's sessions on the account page: each browser signed in, with its address
 * and last use, this device marked; any other one can be ended, or all of them at once (guide/accounts-and-security.md#sessions
 * section 7, sign-out scope "others").
 */
export function SessionsSection() {
  const sessions = useQuery(accountSessionsQuery);
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  return (
    <Card className="p-6" role="region" aria-labelledby="sessions-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <MonitorSmartphone className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden />
          <div>
            <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
              Sessions
            </h2>
            <p className="mt-1 text-sm text-slate-500">Where you are signed in. End any session you do not recognise.</p>
          </div>
        </div>
        {others.length > 0 && <EndOthersButton count={others.length} />}
      </div>
      <div className="mt-4">
        {sessions.isPending ? (
          <LoadingState label="Loading sessions..." />
        ) : sessions.isError ? (
          <ErrorState message={`Could not load your sessions: ${sessions.error.message}`} onRetry={() => void sessions.refetch()} />
        ) : sessions.data.length === 0 ? (
          <EmptyState>No sessions.</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Sessions">
            {sessions.data.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndSession();
  const [asking, setAsking] = useState(false);
  const device = describeDevice(session.userAgent);
  const lastUsed = formatDateTime(session.lastSeenAt, readerLocale());
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">
          {device}
          {session.current && (
            <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">This device</span>
          )}
        </p>
        <p className="text-slate-600">
          Last used {formatDateTime(session.lastSeenAt, readerLocale())}
          {session.ip && <> · {session.ip}</>}
        </p>
      </div>
      {!session.current && (
        <Button
          size="sm"
          variant="outline"
          disabled={end.isPending}
          onClick={() => setAsking(true)}
          aria-label={`End session: ${device}, last used ${lastUsed}`}
        >
          {end.isPending ? 'Ending...' : 'End session'}
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="End this session?"
        description={`${device}, last used ${lastUsed}, is signed out and must sign in again.`}
        confirm="End session"
        pendingLabel="Ending..."
        destructive
        onConfirm={() => end.mutateAsync(session.id)}
      />
    </li>
  );
}

function EndOthersButton({ count }: { count: number }) {
  const endOthers = useEndOtherSessions();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" disabled={endOthers.isPending} onClick={() => setOpen(true)}>
        Sign out all other sessions
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Sign out all other sessions?"
        description={`${count === 1 ? 'One other session' : `${count} other sessions`} will be signed out. This device stays signed in.`}
        confirm="Sign out others"
        pendingLabel="Signing out..."
        destructive
        onConfirm={() => endOthers.mutateAsync()}
      />
    </>
  );
}
