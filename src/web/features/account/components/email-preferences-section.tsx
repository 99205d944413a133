import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { EMAIL_PREFERENCE_MESSAGES, type EmailPreferences } from '@shared/api/email-preferences';
import { formatClockTime } from '@shared/domain/dates';
import { EMAIL_KIND_LABELS, EMAIL_MODE_LABELS, EMAIL_MODES, type EmailKind, type EmailMode } from '@shared/domain/email-preferences';
import { Card } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { emailPreferencesQuery } from '../api/get-email-preferences';
import { useUpdateEmailPreference } from '../api/update-email-preference';

/**
 * E-mail preferences on /account: for each kind of e-mail, a radio group (Immediately,
 * Daily digest, Off); each change is saved at once with a toast. E-mails link here
 * (#email-preferences).
 */
export function EmailPreferencesSection() {
  const prefs = useQuery(emailPreferencesQuery);
  return (
    <section id="email-preferences" className="scroll-mt-20" aria-labelledby="email-preferences-heading">
      <Card className="p-6">
        <div className="flex items-start gap-3">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <Mail className="h-5 w-5" aria-hidden />
          </span>
          <div>
            <h2 id="email-preferences-heading" className="text-lg font-semibold text-slate-900">
              {EMAIL_PREFERENCE_MESSAGES.heading}
            </h2>
            <p className="mt-1 text-sm text-slate-500">{EMAIL_PREFERENCE_MESSAGES.explanation}</p>
          </div>
        </div>
        <div className="mt-4">
          {prefs.isPending ? (
            <LoadingState label="Loading e-mail preferences..." />
          ) : prefs.isError ? (
            <ErrorState message={`${EMAIL_PREFERENCE_MESSAGES.fetchFailed}${prefs.error.message}`} onRetry={() => void prefs.refetch()} />
          ) : (
            <PreferenceList data={prefs.data} />
          )}
        </div>
      </Card>
    </section>
  );
}

function PreferenceList({ data }: { data: EmailPreferences }) {
  const save = useUpdateEmailPreference();
  // The choice shows at once, in the same render as the click: the mutation's own pending state
  // arrives a task later, and until then React would put the controlled radio back. A failed save
  // clears it, so the saved choice shows again.
  const [choosing, setChoosing] = useState<{ kind: EmailKind; mode: EmailMode } | null>(null);
  const shown = (kind: EmailKind, mode: EmailMode) => (choosing?.kind === kind ? choosing.mode : mode);
  const choose = (kind: EmailKind, mode: EmailMode) => {
    setChoosing({ kind, mode });
    save.mutate({ kind, mode }, { onSettled: () => setChoosing(null) });
  };
  return (
    <div>
      <ul className="divide-y divide-slate-200 border-y border-slate-200">
        {data.preferences.map(({ kind, mode }) => (
          <li key={kind}>
            <fieldset className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-3">
              <legend className="float-left text-sm font-medium text-slate-900">{EMAIL_KIND_LABELS[kind]}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {EMAIL_MODES.map((option) => {
                  const id = `email-${kind}-${option}`;
                  return (
                    <label key={option} htmlFor={id} className="flex cursor-pointer items-center gap-1.5 text-sm text-slate-700">
                      <input
                        id={id}
                        type="radio"
                        name={`email-${kind}`}
                        value={option}
                        className="h-4 w-4 accent-brand-600"
                        checked={shown(kind, mode) === option}
                        disabled={choosing !== null}
                        onChange={() => choose(kind, option)}
                      />
                      {EMAIL_MODE_LABELS[option]}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-slate-500">
        The daily digest goes at {formatClockTime(data.digestTime)} ({data.timeZone}), only when something happened. Password resets and
        invitations always come straight away.
      </p>
    </div>
  );
}
