import * as Dialog from '@radix-ui/react-dialog';
import * as Tabs from '@radix-ui/react-tabs';
import { X } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { DRAWER_MESSAGES, type RequestDetail } from '@shared/api/request-detail';
import { ARCHIVED_READ_ONLY } from '@shared/domain/request-permissions';
import { isArchivedStatus } from '@shared/domain/statuses';
import { Badge, StatusBadge } from '@web/components/ui/status-badge';
import { Button } from '@web/components/ui/button';
import { LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { ApiError } from '@web/lib/api';
import { useCurrentUser } from '@web/features/auth';
import { maySaveAsTemplate, SaveAsTemplateButton } from '@web/features/request-templates';
import { useRequestDetail } from '../api/get-request-detail';
import { useMarkNotificationsReadOnOpen } from '../api/mark-notifications-read';
import { ActivityTab } from './activity-tab';
import { AssetsTab } from './assets-tab';
import { ItemsTab } from './items-tab';
import { OverviewTab } from './overview-tab';
import { SidePanel } from './side-panel';

export interface RequestDrawerProps {
  requestId: string;
  onClose: () => void;
  onDeleted: () => void;
}

/** The request detail drawer (guide/requests.md#the-request-drawer): a right-side sheet that opens at once. */
export function RequestDrawer({ requestId, onClose, onDeleted }: RequestDrawerProps) {
  const query = useRequestDetail(requestId);
  const detail = query.data;
  const user = useCurrentUser();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-6xl flex-col bg-white shadow-2xl focus:outline-none"
        >
          <header className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <div className="min-w-0">
              <Dialog.Title className="truncate text-xl font-semibold text-slate-900">
                {detail?.eventTitle ?? 'Request details'}
              </Dialog.Title>
              {detail && (
                <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
                  <StatusBadge status={detail.status} />
                  {detail.allowedActions.isViewOnly && <Badge className="bg-slate-800 text-white">View-Only</Badge>}
                  <span>{detail.ministry?.name ?? 'No ministry'}</span>
                  <span aria-hidden>·</span>
                  <span>{detail.requester.fullName}</span>
                </div>
              )}
              {/* Why an archived request shows no actions (decision 0007). */}
              {detail && isArchivedStatus(detail.status) && !detail.allowedActions.canAdmin && (
                <p className="mt-1 text-sm text-slate-600">{ARCHIVED_READ_ONLY}</p>
              )}
            </div>
            <div className="flex shrink-0 items-center gap-2">
              {detail && user && maySaveAsTemplate(user, detail.requester.id) && (
                <SaveAsTemplateButton requestId={detail.id} eventTitle={detail.eventTitle} user={user} />
              )}
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label="Close">
                  <X className="h-5 w-5" aria-hidden />
                </Button>
              </Dialog.Close>
            </div>
          </header>
          {query.isPending && <LoadingState label="Loading request..." />}
          {query.isError &&
            (query.error instanceof ApiError && query.error.status === 404 ? (
              <div role="alert" className="p-10 text-center text-sm text-slate-700">
                {DRAWER_MESSAGES.notFound}
              </div>
            ) : (
              <DrawerError requestId={requestId} onRetry={() => void query.refetch()} />
            ))}
          {detail && <DrawerBody detail={detail} onDeleted={onDeleted} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DrawerError({ requestId, onRetry }: { requestId: string; onRetry: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(requestId);
      toast({ title: DRAWER_MESSAGES.idCopied });
    } catch {
      toast({ title: 'Copy failed', description: requestId, variant: 'destructive' });
    }
  };
  return (
    <div role="alert" className="flex flex-col items-center gap-4 p-10 text-center">
      <p className="text-sm text-red-700">{DRAWER_MESSAGES.loadFailed}</p>
      <div className="flex gap-2">
        <Button onClick={onRetry}>Retry</Button>
        <Button variant="outline" onClick={() => void copy()}>
          Copy ID
        </Button>
      </div>
    </div>
  );
}

const TAB =
  'rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm';

const DRAWER_TABS = ['overview', 'items', 'assets', 'activity'] as const;

/** The drawer's tab is in its address (`drawerPath` in shared/domain/drawer-path.ts, decision 0057). */
function DrawerBody({ detail, onDeleted }: { detail: RequestDetail; onDeleted: () => void }) {
  useMarkNotificationsReadOnOpen(detail.id);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = (DRAWER_TABS as readonly string[]).includes(asked ?? '') ? (asked as string) : 'overview';
  const onTab = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'overview') next.delete('tab');
        else next.set('tab', value);
        next.delete('item');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <div className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:flex-row lg:overflow-hidden">
      <Tabs.Root value={tab} onValueChange={onTab} className="min-w-0 flex-1 p-6 lg:overflow-y-auto">
        <Tabs.List aria-label="Request sections" className="mb-4 inline-flex gap-1 rounded-lg bg-slate-100 p-1">
          <Tabs.Trigger value="overview" className={TAB}>
            Overview
          </Tabs.Trigger>
          <Tabs.Trigger value="items" className={TAB}>
            Items
          </Tabs.Trigger>
          <Tabs.Trigger value="assets" className={TAB}>
            Assets
          </Tabs.Trigger>
          <Tabs.Trigger value="activity" className={TAB}>
            Activity
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="overview">
          <OverviewTab detail={detail} />
        </Tabs.Content>
        <Tabs.Content value="items">
          <ItemsTab detail={detail} focusItemId={params.get('item')} />
        </Tabs.Content>
        <Tabs.Content value="assets">
          <AssetsTab detail={detail} />
        </Tabs.Content>
        <Tabs.Content value="activity">
          <ActivityTab detail={detail} />
        </Tabs.Content>
      </Tabs.Root>
      <SidePanel detail={detail} onDeleted={onDeleted} />
    </div>
  );
}
