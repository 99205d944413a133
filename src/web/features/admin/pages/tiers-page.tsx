import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { TierCreateBody } from '@shared/api/church-config';
import { configChannelLabel, leadTimeText, type TierConfig } from '@shared/domain/church-config';
import { Button } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { useChurchConfig } from '@web/lib/church-config';
import { ConfigListEntry, useConfigList } from '../components/config-list';
import { ConfigNav } from '../components/config-parts';
import { TierDialog } from '../components/tier-dialog';

/**
 * Admin > Tiers (decision 0056): the church's communication tiers in the order the form offers
 * them; add, edit, reorder, archive (never delete: requests keep their tier) and restore.
 */
export function Component() {
  const config = useChurchConfig();
  const [editing, setEditing] = useState<TierConfig | 'new' | null>(null);
  const list = useConfigList<TierConfig>({
    orderPath: '/api/admin/tier-order',
    entryPath: (code) => `/api/admin/tiers/${encodeURIComponent(code)}`,
    bodyOf,
    failedTitle: 'Could not save the tier.',
  });

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
            <ConfigListEntry
              key={tier.code}
              name={tier.name}
              code={tier.code}
              archived={tier.archived}
              first={i === 0}
              last={i === all.length - 1}
              busy={list.busy}
              archiveConsequence="New requests will no longer offer this tier. Requests already made with it keep it, with their channels and lead time."
              onMove={(by) => list.move(all, i, by)}
              onEdit={() => setEditing(tier)}
              onArchive={(archived) => list.setArchived(tier, archived)}
            >
              <p className="text-sm text-slate-600">
                {tier.examples ? `${tier.examples} · ` : ''}Lead time: {leadTimeText(tier)}
              </p>
              <p className="mt-1 text-sm text-slate-700">
                {tier.channels.length === 0
                  ? 'No channels of its own'
                  : tier.channels.map((c) => configChannelLabel(config.data, c)).join(', ')}
              </p>
            </ConfigListEntry>
          ))}
        </ul>
      )}
      {config.data && <TierDialog tier={editing} config={config.data} onClose={() => setEditing(null)} />}
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
