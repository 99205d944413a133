import { PageHeader } from '@web/components/ui/card';
import { HelpFeedbackSection } from '../components/help-feedback-section';
import { MinistriesSection } from '../components/ministries-section';
import { OutboxSection } from '../components/outbox-section';
import { SundayAutoLockSection } from '../components/sunday-auto-lock-section';
import { UsersSection } from '../components/users-section';

/** Admin Settings (spec 002): users and ministries, the Sunday auto-lock, the e-mail outbox and the help feedback counts. */
export function Component() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader title="Admin Settings" />
      <div className="space-y-8">
        <UsersSection />
        <MinistriesSection />
        <SundayAutoLockSection />
        <OutboxSection />
        <HelpFeedbackSection />
      </div>
    </main>
  );
}
