import { PageHeader } from '@web/components/ui/card';
import { HelpFeedbackSection } from '../components/help-feedback-section';
import { OutboxSection } from '../components/outbox-section';
import { SundayAutoLockSection } from '../components/sunday-auto-lock-section';
import { SystemActionsSection } from '../components/system-actions-section';

/** Admin Settings (spec 002): the system actions, the Sunday auto-lock, the e-mail outbox and the help feedback counts. */
export function Component() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader title="Admin Settings" />
      <div className="space-y-8">
        <SystemActionsSection />
        <SundayAutoLockSection />
        <OutboxSection />
        <HelpFeedbackSection />
      </div>
    </main>
  );
}
