import { useQuery } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { APPROVAL_MESSAGES, type ApprovalItem } from '@shared/api/approvals';
import { formatDueDate } from '@shared/domain/tasks';
import { Button } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { DataTable, WORK_LIST_TABLE } from '@web/components/ui/data-table';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { Badge } from '@web/components/ui/status-badge';
import { toast } from '@web/components/ui/toast-store';
import { useChannelLabel } from '@web/lib/church-config';
import { approvalsQuery } from '../api/get-approvals';
import { useApproveItem } from '../api/decide-item';
import { RejectDialog } from '../components/reject-dialog';

/** The approval queue (guide/intake-and-approvals.md#the-approval-queue): pending additional promotion items, Approve or Reject. */
export function Component() {
  const queue = useQuery(approvalsQuery);
  const [rejecting, setRejecting] = useState<ApprovalItem | null>(null);

  useEffect(() => {
    if (queue.isError) toast({ title: APPROVAL_MESSAGES.fetchFailed, description: queue.error.message, variant: 'destructive' });
  }, [queue.isError, queue.error]);

  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <PageHeader title="Approval Queue" />
      <p className="-mt-4 mb-6 text-sm text-slate-600">
        Additional promotion channels requested beyond a request&apos;s tier wait here for a decision.
      </p>
      <Card>
        {queue.isPending ? (
          <LoadingState label="Loading approvals..." />
        ) : queue.isError ? (
          <ErrorState message={APPROVAL_MESSAGES.fetchFailed} onRetry={() => void queue.refetch()} />
        ) : queue.data.items.length === 0 ? (
          <EmptyState>{APPROVAL_MESSAGES.empty}</EmptyState>
        ) : (
          <ApprovalTable items={queue.data.items} onReject={setRejecting} />
        )}
      </Card>
      <RejectDialog item={rejecting} onOpenChange={(open) => !open && setRejecting(null)} />
    </main>
  );
}

function ApprovalTable({ items, onReject }: { items: ApprovalItem[]; onReject: (item: ApprovalItem) => void }) {
  const channelLabel = useChannelLabel();
  const approve = useApproveItem({
    onSuccess: () => toast({ title: APPROVAL_MESSAGES.approved }),
    onError: (err) => toast({ title: APPROVAL_MESSAGES.approveFailed, description: err.message, variant: 'destructive' }),
  });
  return (
    <div className="overflow-x-auto">
      <DataTable
        caption="Additional items waiting for approval"
        {...WORK_LIST_TABLE}
        rows={items}
        rowKey={(item) => item.id}
        columns={[
          {
            key: 'request',
            header: 'Request',
            cell: (item) => (
              <>
                <Link to={`/request/${item.requestId}`} className="font-medium text-slate-900 hover:underline">
                  {item.eventTitle}
                </Link>
                <div className="text-xs text-slate-500">{[item.ministryName, item.requesterName].filter(Boolean).join(' · ')}</div>
              </>
            ),
          },
          { key: 'channel', header: 'Channel', className: 'text-slate-700', cell: (item) => channelLabel(item.channel) },
          { key: 'tier', header: 'Tier', cell: (item) => (item.tier ? <Badge>Tier {item.tier}</Badge> : 'N/A') },
          { key: 'due', header: 'Due', className: 'text-slate-700', cell: (item) => (item.dueDate ? formatDueDate(item.dueDate) : 'N/A') },
          {
            key: 'actions',
            header: 'Actions',
            headerClassName: 'text-right',
            cell: (item) => {
              const channel = channelLabel(item.channel);
              const busy = approve.isPending && approve.variables === item.id;
              return (
                <div className="flex justify-end gap-2">
                  <Button
                    size="sm"
                    disabled={busy}
                    aria-label={`Approve ${channel} for ${item.eventTitle}`}
                    onClick={() => approve.mutate(item.id)}
                  >
                    <Check className="h-4 w-4" aria-hidden />
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    className="text-red-700"
                    aria-label={`Reject ${channel} for ${item.eventTitle}`}
                    onClick={() => onReject(item)}
                  >
                    <X className="h-4 w-4" aria-hidden />
                    Reject
                  </Button>
                </div>
              );
            },
          },
        ]}
      />
    </div>
  );
}
