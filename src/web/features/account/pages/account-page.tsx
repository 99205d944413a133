import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { ROLE_LABELS } from '@shared/domain/roles';
import { buttonClasses } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { LoadingState } from '@web/components/ui/states';
import { useCurrentUser } from '@web/features/auth';
import { CalendarFeedsSection } from '../components/calendar-feeds-section';
import { NameField } from '../components/name-field';
import { SessionsSection } from '../components/sessions-section';
import { TwoFactorSection } from '../components/two-factor-section';
import { EmailPreferencesSection } from '../components/email-preferences-section';
import { BlockoutsSection } from '@web/features/people';
import { hasRank } from '@shared/domain/roles';

/**
 * The account page (/account): the signed-in person's profile and password. Each setting a person
 * keeps for themselves (calendar feeds, e-mail preferences, second factor, sessions) is one section
 * below, owned by its feature.
 */
export function Component() {
  const user = useCurrentUser();
  if (!user) return <LoadingState label="Loading account..." />;
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <PageHeader title="Account" />
      <Card className="p-6">
        <h2 className="text-lg font-semibold text-slate-900">Profile</h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-slate-500">Name</dt>
          <dd>
            <NameField fullName={user.fullName} />
          </dd>
          <dt className="text-slate-500">E-mail</dt>
          <dd className="font-medium text-slate-900">{user.email}</dd>
          <dt className="text-slate-500">Role</dt>
          <dd className="font-medium text-slate-900">{ROLE_LABELS[user.role]}</dd>
        </dl>
      </Card>
      <Card className="flex flex-wrap items-center justify-between gap-4 p-6">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Password</h2>
          <p className="mt-1 text-sm text-slate-500">Choose a new password for your account.</p>
        </div>
        <Link to="/change-password" className={buttonClasses('outline')}>
          <KeyRound className="h-4 w-4" aria-hidden />
          Change Password
        </Link>
      </Card>
      <TwoFactorSection />
      <SessionsSection />
      {/* Confined to enrollment, a person's other routes answer 403: their settings wait until they enroll. */}
      {user.secondStep !== 'enroll' && (
        <>
          <CalendarFeedsSection />
          <EmailPreferencesSection />
          {hasRank(user.role, 'creative') && <BlockoutsSection />}
        </>
      )}
    </main>
  );
}
