import { BellRing, CalendarSync, Eraser, Wrench } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { HEALTH_MESSAGES } from '@shared/api/health';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useCleanInvalidMondays } from '../api/clean-invalid-mondays';
import { useSendAllReminders } from '../api/send-all-reminders';
import { useSyncToSundays } from '../api/sync-to-sundays';
import { SectionHeader } from './section-header';

/** One action: what it does on the left, its button on the right (stacked on a phone). */
function ActionRow({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div className="min-w-0">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <p className="mt-0.5 text-sm text-slate-500">{description}</p>
      </div>
      <div className="shrink-0">{children}</div>
    </div>
  );
}

/** The cleanup asks first (guide/administration.md#system-actions: '...This action cannot be undone.'); focus stays in the dialog. */
function CleanMondaysButton() {
  const [open, setOpen] = useState(false);
  const clean = useCleanInvalidMondays();
  return (
    <>
      <Button onClick={() => setOpen(true)} variant="outline" disabled={clean.isPending}>
        <Eraser className="h-4 w-4" aria-hidden />
        {HEALTH_MESSAGES.cleanMondays}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={HEALTH_MESSAGES.cleanMondays}
        description={HEALTH_MESSAGES.cleanMondaysConfirm}
        confirm="Remove"
        destructive
        onConfirm={() => clean.mutate()}
      />
    </>
  );
}

/** Send All Task Reminders asks first: it notifies (and may e-mail) every assignee with work due. */
function SendRemindersButton() {
  const [open, setOpen] = useState(false);
  const remind = useSendAllReminders();
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} disabled={remind.isPending}>
        <BellRing className="h-4 w-4" aria-hidden />
        {HEALTH_MESSAGES.sendAllReminders}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Send all task reminders now?"
        description="Every assignee whose task is due soon or overdue gets a reminder now, as well as at the next hourly run."
        confirm="Send Reminders"
        pendingLabel="Sending..."
        onConfirm={() => remind.mutateAsync()}
      />
    </>
  );
}

/** System actions of Admin settings (guide/administration.md#system-actions; guide/administration.md#system-actions): admins only, as the page. */
export function SystemActionsSection() {
  const sync = useSyncToSundays();
  return (
    <Card className="overflow-hidden" aria-labelledby="system-actions-heading" role="region">
      <SectionHeader
        id="system-actions-heading"
        icon={Wrench}
        title={HEALTH_MESSAGES.systemActions}
        description="Maintenance the team runs by hand. Each one says what it did."
      />
      <div className="divide-y divide-slate-200 border-t border-slate-200">
        <ActionRow
          title={HEALTH_MESSAGES.sendAllReminders}
          description="Notify every assignee whose task is due soon or overdue, now rather than at the next hourly run."
        >
          <SendRemindersButton />
        </ActionRow>
        <ActionRow
          title={HEALTH_MESSAGES.syncToSundays}
          description="Make the next six Sundays' plans for every runway with the runway's requirement items. Existing work and locked Sundays are left alone."
        >
          <Button variant="outline" onClick={() => sync.mutate()} disabled={sync.isPending}>
            <CalendarSync className="h-4 w-4" aria-hidden />
            {HEALTH_MESSAGES.syncToSundays}
          </Button>
        </ActionRow>
        <ActionRow
          title={HEALTH_MESSAGES.cleanMondays}
          description="Remove Sunday plans whose date is not a Sunday in the church's time zone."
        >
          <CleanMondaysButton />
        </ActionRow>
      </div>
    </Card>
  );
}
