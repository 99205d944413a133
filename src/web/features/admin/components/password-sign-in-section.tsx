import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { PASSWORD_SIGN_IN_MESSAGES } from '@shared/api/auth';
import { Card } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { passwordSignInQuery, useSetPasswordSignIn } from '../api/password-sign-in';
import { lastChangedText, SectionHeader } from './section-header';

/**
 * Allow password sign-in (decision 0036): on by default; with single sign-on configured
 * an admin may turn it off, after a confirmation, for a church that signs in only through its
 * provider. Without single sign-on the switch stays on and says why.
 */
export function PasswordSignInSection() {
  const setting = useQuery(passwordSignInQuery);
  const save = useSetPasswordSignIn();
  const [confirming, setConfirming] = useState(false);
  return (
    <Card className="overflow-hidden">
      <SectionHeader
        id="password-sign-in-heading"
        icon={KeyRound}
        title={PASSWORD_SIGN_IN_MESSAGES.heading}
        description={PASSWORD_SIGN_IN_MESSAGES.explanation}
      />
      <div className="border-t border-slate-200 px-5 py-4 sm:px-6">
        {setting.isPending ? (
          <LoadingState />
        ) : setting.isError ? (
          <ErrorState message={`${PASSWORD_SIGN_IN_MESSAGES.fetchFailed}${setting.error.message}`} onRetry={() => void setting.refetch()} />
        ) : (
          <div className="space-y-2">
            <label htmlFor="password-sign-in" className="flex cursor-pointer items-start gap-3 text-sm text-slate-800">
              <input
                id="password-sign-in"
                type="checkbox"
                role="switch"
                className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600"
                checked={save.isPending ? save.variables : setting.data.enabled}
                // Without single sign-on there is no other way in: the switch cannot be turned off.
                disabled={save.isPending || (!setting.data.ssoLabel && setting.data.enabled)}
                aria-describedby="password-sign-in-note"
                onChange={(e) => (e.target.checked ? save.mutate(true) : setConfirming(true))}
              />
              <span className="font-medium">{PASSWORD_SIGN_IN_MESSAGES.label}</span>
            </label>
            <p id="password-sign-in-note" className="pl-8 text-xs text-slate-500">
              {setting.data.ssoLabel ? `Single sign-on: Sign in with ${setting.data.ssoLabel}.` : PASSWORD_SIGN_IN_MESSAGES.notConfigured}
              {lastChangedText(setting.data)}
            </p>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={PASSWORD_SIGN_IN_MESSAGES.confirmTitle}
        description={PASSWORD_SIGN_IN_MESSAGES.confirmBody}
        confirm={PASSWORD_SIGN_IN_MESSAGES.confirmAction}
        destructive
        onConfirm={() => save.mutate(false)}
      />
    </Card>
  );
}
