import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle, MinusCircle } from 'lucide-react';
import { Link } from 'react-router';
import { SETUP_MESSAGES, type SetupStep } from '@shared/api/setup';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { setupChecklistQuery, useMarkSetupStep } from '../api/setup-checklist';

/**
 * The first-run setup checklist (decision 0059): each step of making Lampstand the church's own,
 * with a link to the screen that does it. Steps the church's data shows are ticked by themselves;
 * review steps are marked done by the admin; any step can be dismissed, and brought back.
 */
export function Component() {
  const checklist = useQuery(setupChecklistQuery);
  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageHeader title="Set up your church" />
      {checklist.isPending ? (
        <LoadingState />
      ) : checklist.isError ? (
        <ErrorState message={`${SETUP_MESSAGES.loadFailed}: ${checklist.error.message}`} onRetry={() => void checklist.refetch()} />
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600" role="status">
            {checklist.data.open === 0
              ? 'Every step is done or dismissed. The team is ready to go.'
              : `${checklist.data.open} of ${checklist.data.steps.length} steps still to do.`}
          </p>
          <ol className="space-y-3" aria-label="Setup steps">
            {checklist.data.steps.map((step) => (
              <SetupStepRow key={step.key} step={step} />
            ))}
          </ol>
        </>
      )}
    </main>
  );
}

const STATUS_LABEL = { done: 'Done', dismissed: 'Dismissed', open: 'To do' } as const;

function SetupStepRow({ step }: { step: SetupStep }) {
  const mark = useMarkSetupStep();
  const busy = mark.isPending;
  const Icon = step.status === 'done' ? CheckCircle2 : step.status === 'dismissed' ? MinusCircle : Circle;
  const tone = step.status === 'done' ? 'text-green-600' : step.status === 'dismissed' ? 'text-slate-400' : 'text-brand-600';
  // The words under the title are small text: darker shades than the icon's, readable on white.
  const textTone = step.status === 'done' ? 'text-green-700' : step.status === 'dismissed' ? 'text-slate-600' : 'text-brand-700';
  const headingId = `setup-step-${step.key}`;
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start">
        {/* The icon stays beside the title on a phone; only the actions go under it. */}
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <Icon className={`mt-0.5 h-5 w-5 shrink-0 ${tone}`} aria-hidden />
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="font-medium text-slate-900">
              {step.title} <span className="sr-only">({STATUS_LABEL[step.status]})</span>
            </h2>
            <p className="mt-1 text-sm text-slate-600">{step.description}</p>
            <p className={`mt-1 text-xs font-medium ${textTone}`} aria-hidden>
              {STATUS_LABEL[step.status]}
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2 pl-8 sm:justify-end sm:pl-0">
          <Link to={step.path} className={buttonClasses('outline', 'sm')}>
            {step.action}
          </Link>
          {step.status === 'open' && step.markable && (
            <Button size="sm" disabled={busy} onClick={() => mark.mutate({ key: step.key, status: 'done' })}>
              Mark done
            </Button>
          )}
          {step.status === 'open' && (
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              aria-label={`Dismiss: ${step.title}`}
              onClick={() => mark.mutate({ key: step.key, status: 'dismissed' })}
            >
              Dismiss
            </Button>
          )}
          {step.status !== 'open' && (step.status === 'dismissed' || step.markable) && (
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              aria-label={`Undo: ${step.title}`}
              onClick={() => mark.mutate({ key: step.key, status: 'open' })}
            >
              Undo
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}
