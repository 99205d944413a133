import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import type { ChurchConfigResponse, TierCreateBody } from '@shared/api/church-config';
import { configChannelLabel, leadTimeText, type TierConfig } from '@shared/domain/church-config';
import { Button } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { useChurchConfig, useConfigChange } from '@web/lib/church-config';
import { ArchiveButton, ConfigNav, errorsOf, moved, MoveButtons } from '../components/config-parts';
import { TierDialog } from '../components/tier-dialog';

const failed = (err: Error) => toast({ title: 'Could not save the tier.', description: err.message, variant: 'destructive' });

/**
 * Admin > Tiers (decision 0056): the church's communication tiers in the order the form offers
 * them; add, edit, reorder, archive (never delete: requests keep their tier) and restore.
 */
export function Component() {
  const config = useChurchConfig();
  const [editing, setEditing] = useState<TierConfig | 'new' | null>(null);
  const order = useConfigChange((codes: string[]) => api.put<ChurchConfigResponse>('/api/admin/tier-order', { codes }), {
    onError: failed,
  });
  const archive = useConfigChange(
    ({ tier, archived }: { tier: TierConfig; archived: boolean }) =>
      api.put<ChurchConfigResponse>(`/api/admin/tiers/${encodeURIComponent(tier.code)}`, { ...bodyOf(tier), archived }),
    { onError: failed },
  );
  const busy = order.isPending || archive.isPending;

  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <ConfigNav current="tiers" />
      <PageHeader title="Communication Tiers">
        <Button onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden />
          Add Tier
        </Button>
      </PageHeader>
      <p className="mb-4 text-sm text-slate-600">
        The new-request form offers these tiers in this order. A request keeps the tier, channels and lead time it was submitted with; an
        archived tier is no longer offered, and requests made with it still show it.
      </p>
      {config.isPending ? (
        <LoadingState />
      ) : config.isError ? (
        <ErrorState message={config.error.message} onRetry={() => void config.refetch()} />
      ) : (
        <ul className="space-y-3" aria-label="Tiers">
          {config.data.tiers.map((tier, i, all) => (
            <li key={tier.code}>
              <Card className={`p-4 ${tier.archived ? 'bg-slate-50' : ''}`}>
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 sm:flex-1">
                    <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
                      {tier.name}
                      <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-600">{tier.code}</span>
                      {tier.archived && (
                        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">Archived</span>
                      )}
                    </h2>
                    <p className="text-sm text-slate-600">
                      {tier.examples ? `${tier.examples} · ` : ''}Lead time: {leadTimeText(tier)}
                    </p>
                    <p className="mt-1 text-sm text-slate-700">
                      {tier.channels.length === 0
                        ? 'No channels of its own'
                        : tier.channels.map((c) => configChannelLabel(config.data, c)).join(', ')}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-1">
                    <MoveButtons
                      name={tier.name}
                      first={i === 0}
                      last={i === all.length - 1}
                      disabled={busy}
                      onMove={(by) =>
                        order.mutate(
                          moved(
                            all.map((t) => t.code),
                            i,
                            by,
                          ),
                        )
                      }
                    />
                    <Button variant="outline" size="sm" onClick={() => setEditing(tier)} aria-label={`Edit ${tier.name}`}>
                      <Pencil className="h-4 w-4" aria-hidden />
                      Edit
                    </Button>
                    <ArchiveButton
                      name={tier.name}
                      archived={tier.archived}
                      disabled={busy}
                      consequence="New requests will no longer offer this tier. Requests already made with it keep it, with their channels and lead time."
                      onChange={(archived) => archive.mutate({ tier, archived })}
                    />
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {config.data && <TierDialog tier={editing} config={config.data} onClose={() => setEditing(null)} errorsOf={errorsOf} />}
    </main>
  );
}

export function bodyOf(tier: TierConfig): Omit<TierCreateBody, 'code'> {
  return {
    name: tier.name,
    examples: tier.examples,
    description: tier.description,
    leadTimeDays: tier.leadTimeDays,
    leadTimeLabel: tier.leadTimeLabel,
    channels: tier.channels,
    extrasPreapproved: tier.extrasPreapproved,
    archived: tier.archived,
  };
}
