import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { BellRing, CalendarSync, Eraser, Wrench } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { HEALTH_MESSAGES } from '@shared/api/health';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
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

/** The cleanup asks first (spec 002 section 5: '...This action cannot be undone.'); focus stays in the dialog. */
function CleanMondaysButton() {
  const [open, setOpen] = useState(false);
  const clean = useCleanInvalidMondays();
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>
        <Button variant="outline" disabled={clean.isPending}>
          <Eraser className="h-4 w-4" aria-hidden />
          {HEALTH_MESSAGES.cleanMondays}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-slate-900/40" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[61] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">{HEALTH_MESSAGES.cleanMondays}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{HEALTH_MESSAGES.cleanMondaysConfirm}</AlertDialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses('outline')}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonClasses('destructive')} onClick={() => clean.mutate()}>
              Remove
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

/** System actions of Admin settings (spec 002 section 2; DESIGN 5.6, 5.9): admins only, as the page. */
export function SystemActionsSection() {
  const sync = useSyncToSundays();
  const remind = useSendAllReminders();
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
          <Button variant="outline" onClick={() => remind.mutate()} disabled={remind.isPending}>
            <BellRing className="h-4 w-4" aria-hidden />
            {HEALTH_MESSAGES.sendAllReminders}
          </Button>
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
