import { Link } from 'react-router';
import { ListChecks, PenSquare } from 'lucide-react';
import { buttonClasses } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/card';
import { BackupsSection } from '../components/backups-section';
import { DigestTimeSection } from '../components/digest-time-section';
import { HelpFeedbackSection } from '../components/help-feedback-section';
import { MinistriesSection } from '../components/ministries-section';
import { OutboxSection } from '../components/outbox-section';
import { SecondFactorRequirementSection } from '../components/second-factor-requirement-section';
import { PasswordSignInSection } from '../components/password-sign-in-section';
import { AssignWithoutAskingSection } from '@web/features/people';
import { SundayAutoLockSection } from '../components/sunday-auto-lock-section';
import { SystemActionsSection } from '../components/system-actions-section';
import { UsersSection } from '../components/users-section';

/**
 * Admin Settings (guide/administration.md): users and ministries, the system actions, the Sunday auto-lock,
 * whether password sign-in is allowed, the e-mail outbox and the help feedback counts; the landing page editor (/admin/content) is a link
 * away, since the menu's one Admin item leads here.
 */
export function Component() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader title="Admin Settings">
        <Link to="/admin/setup" className={buttonClasses('outline', 'sm')}>
          <ListChecks className="h-4 w-4" aria-hidden />
          Setup Checklist
        </Link>
        <Link to="/admin/church" className={buttonClasses('outline', 'sm')}>
          Church Settings
        </Link>
        <Link to="/admin/tiers" className={buttonClasses('outline', 'sm')}>
          Tiers
        </Link>
        <Link to="/admin/channels" className={buttonClasses('outline', 'sm')}>
          Channels
        </Link>
        <Link to="/admin/content" className={buttonClasses('outline', 'sm')}>
          <PenSquare className="h-4 w-4" aria-hidden />
          Edit Landing Page
        </Link>
      </PageHeader>
      <div className="space-y-8">
        <UsersSection />
        <MinistriesSection />
        <SystemActionsSection />
        <SundayAutoLockSection />
        <AssignWithoutAskingSection />
        <SecondFactorRequirementSection />
        <PasswordSignInSection />
        <DigestTimeSection />
        <BackupsSection />
        <OutboxSection />
        <HelpFeedbackSection />
      </div>
    </main>
  );
}
