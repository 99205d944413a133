import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CalendarOff, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { blockoutBody, type BlockoutBody } from '@shared/api/people';
import { formatDueDate } from '@shared/domain/tasks';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Input } from '@web/components/ui/input';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { setServerErrors } from '@web/lib/form-errors';
import { addBlockout, myBlockoutsQuery, removeBlockout, useBlockoutChange } from '../api/blockouts';

const EMPTY: BlockoutBody = { startsOn: '', endsOn: null, reason: '' };

const range = (from: string, to: string) => (from === to ? formatDueDate(from) : `${formatDueDate(from)} to ${formatDueDate(to)}`);

/**
 * Blockout dates on /account (guide/sunday-planning.md#blockout-dates): the days the person cannot
 * serve, one day or a range, with a reason only they and the coordinators see. Coordinators'
 * pickers mark them, and the server asks before work lands on one.
 */
export function BlockoutsSection() {
  const list = useQuery(myBlockoutsQuery);
  const ids = { from: useId(), to: useId(), reason: useId() };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<BlockoutBody, unknown, z.output<typeof blockoutBody>>({
    resolver: zodResolver(blockoutBody),
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const [removing, setRemoving] = useState<{ id: string; label: string } | null>(null);
  const add = useBlockoutChange(addBlockout, {
    onSuccess: () => {
      reset(EMPTY);
      toast({ title: 'Blockout added' });
    },
    onError: (err) => {
      if (!setServerErrors(setError, err, ['startsOn', 'endsOn', 'reason'])) setError('root.server', { message: err.message });
    },
  });
  // One message under the form, as the server says a blockout's days are wrong.
  const error = errors.startsOn?.message ?? errors.endsOn?.message ?? errors.reason?.message ?? errors.root?.server?.message;
  const errorId = `${ids.from}-error`;
  const invalid = (field: 'startsOn' | 'endsOn' | 'reason') => ({
    'aria-invalid': !!errors[field],
    'aria-describedby': errors[field] ? errorId : undefined,
  });
  const remove = useBlockoutChange(removeBlockout, {
    onSuccess: () => toast({ title: 'Blockout removed' }),
  });
  return (
    <section id="blockouts" className="scroll-mt-20" aria-labelledby="blockouts-heading">
      <Card className="p-6">
        <div className="flex items-start gap-3">
          <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <CalendarOff className="h-5 w-5" aria-hidden />
          </span>
          <div>
            <h2 id="blockouts-heading" className="text-lg font-semibold text-slate-900">
              Blockout dates
            </h2>
            <p className="mt-1 text-sm text-slate-500">
              Days you cannot serve. Coordinators see them when they choose people, and the reason stays between you and them.
            </p>
          </div>
        </div>
        <form
          className="mt-4 grid gap-3 sm:grid-cols-[10rem_10rem_1fr_auto] sm:items-end"
          noValidate
          onSubmit={(e) => void handleSubmit((body) => add.mutate(body))(e)}
        >
          <div>
            <label htmlFor={ids.from} className="mb-1 block text-sm font-medium text-slate-700">
              First day
            </label>
            <Input id={ids.from} type="date" {...invalid('startsOn')} {...register('startsOn')} />
          </div>
          <div>
            <label htmlFor={ids.to} className="mb-1 block text-sm font-medium text-slate-700">
              Last day (optional)
            </label>
            <Input
              id={ids.to}
              type="date"
              min={watch('startsOn') || undefined}
              {...invalid('endsOn')}
              {...register('endsOn', { setValueAs: (v: string | null) => v || null })}
            />
          </div>
          <div>
            <label htmlFor={ids.reason} className="mb-1 block text-sm font-medium text-slate-700">
              Reason (optional)
            </label>
            <Input id={ids.reason} maxLength={500} {...invalid('reason')} {...register('reason')} />
          </div>
          <Button type="submit" disabled={add.isPending}>
            Add blockout
          </Button>
          {error && (
            <p id={errorId} role="alert" className="text-sm text-red-700 sm:col-span-4">
              {error}
            </p>
          )}
        </form>
        <div className="mt-4">
          {list.isPending ? (
            <LoadingState label="Loading blockouts..." />
          ) : list.isError ? (
            <ErrorState message="Your blockouts could not be loaded." onRetry={() => void list.refetch()} />
          ) : list.data.items.length === 0 ? (
            <EmptyState>No blockout dates: coordinators may ask you for any Sunday.</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-200 border-y border-slate-200" aria-label="Your blockout dates">
              {list.data.items.map((b) => {
                const label = range(b.startsOn, b.endsOn);
                return (
                  <li key={b.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                    <span>
                      <span className="font-medium text-slate-900">{label}</span>
                      {b.reason ? <span className="text-slate-600"> · {b.reason}</span> : null}
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove the blockout ${label}`}
                      onClick={() => setRemoving({ id: b.id, label })}
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <ConfirmDialog
          open={removing !== null}
          title="Remove this blockout?"
          description={removing ? `${removing.label}: coordinators may ask you for these days again.` : ''}
          confirm="Remove"
          destructive
          onOpenChange={(open) => !open && setRemoving(null)}
          onConfirm={() => (removing ? remove.mutateAsync(removing.id).then(() => setRemoving(null)) : undefined)}
        />
      </Card>
    </section>
  );
}
