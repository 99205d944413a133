import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PEOPLE_MESSAGES } from '@shared/domain/people-on-sundays';
import { sundayTitle } from '@shared/domain/sunday-work';
import { formatDueDate } from '@shared/domain/tasks';
import { BrandMark } from '@web/components/ui/brand-logo';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { assignmentLinkQuery, useAnswerByLink } from '../api/assignment-link';
import { ResponseBadge } from '../components/response-badge';

/**
 * The page an assignment e-mail's button opens (guide/sunday-planning.md#answering-an-assignment):
 * it shows the work and asks; nothing is answered until the person presses Accept or Decline here,
 * so a mail scanner opening the link changes nothing. Works signed out: the link is its authority.
 */
export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const about = useQuery({ ...assignmentLinkQuery(token), enabled: token.length > 0 });
  const answer = useAnswerByLink(token);
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const done = answer.data;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4">
          <Link to="/" className="rounded-md" aria-label="Lampstand home">
            <BrandMark />
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-xl px-4 py-10">
        <h1 className="mb-6 text-2xl font-bold text-slate-900">Your assignment</h1>
        {!token ? (
          <ErrorState message={PEOPLE_MESSAGES.linkInvalid} />
        ) : about.isPending ? (
          <LoadingState label="Loading your assignment..." />
        ) : about.isError ? (
          <ErrorState message={about.error.message} />
        ) : (
          <Card className="space-y-4 p-6">
            <div>
              <p className="text-sm text-slate-500">Hi {about.data.personName}, you were asked to do:</p>
              <p className="mt-1 text-lg font-semibold text-slate-900">{about.data.title}</p>
              {about.data.date && (
                <p className="text-sm text-slate-600">
                  {about.data.kind !== 'item' ? sundayTitle(about.data.date) : `Due ${formatDueDate(about.data.date)}`}
                </p>
              )}
              <p className="mt-2 text-sm text-slate-600">
                Your answer so far: <ResponseBadge response={about.data.response} reason={about.data.responseReason} />
              </p>
            </div>
            {done ? (
              <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
                {done.response === 'accepted' ? PEOPLE_MESSAGES.accepted : PEOPLE_MESSAGES.declined}
              </p>
            ) : (
              <form
                className="space-y-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  const pressed = (e.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
                  answer.mutate({ response: pressed === 'declined' ? 'declined' : 'accepted', reason: reason || null });
                }}
              >
                <div>
                  <label htmlFor={reasonId} className="mb-1 block text-sm font-medium text-slate-700">
                    If you decline, why? (optional)
                  </label>
                  <Input id={reasonId} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
                </div>
                {answer.isError && (
                  <p role="alert" className="text-sm text-red-700">
                    {answer.error.message}
                  </p>
                )}
                <div className="flex gap-3">
                  <Button type="submit" name="response" value="accepted" disabled={answer.isPending}>
                    Accept
                  </Button>
                  <Button type="submit" name="response" value="declined" variant="destructive" disabled={answer.isPending}>
                    Decline
                  </Button>
                </div>
              </form>
            )}
          </Card>
        )}
      </main>
    </div>
  );
}
