import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { ChannelConfig } from '@shared/domain/church-config';
import { Button } from '@web/components/ui/button';
import { PageHeader } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { useChurchConfig } from '@web/lib/church-config';
import { ConfigListEntry, useConfigList } from '../components/config-list';
import { ConfigNav } from '../components/config-parts';
import { ChannelDialog } from '../components/channel-dialog';

const bodyOf = (c: ChannelConfig) => ({
  label: c.label,
  needsApproval: c.needsApproval,
  goesToCms: c.goesToCms,
  capacityPer: c.capacityPer,
  capacity: c.capacity,
  runWeeks: c.runWeeks,
  leadTimeDays: c.leadTimeDays,
  archived: c.archived,
});

/** "4 a Sunday · runs 3 Sundays · 14 days' lead time" */
function ruleText(c: ChannelConfig): string {
  const unit = c.capacityPer === 'sunday' ? 'Sunday' : 'week';
  const capacity = c.capacity === null ? `Unlimited per ${unit}` : `${c.capacity} a ${unit}`;
  const runs = c.runWeeks === null ? `runs every ${unit} of the promotion` : `runs ${c.runWeeks} ${unit}${c.runWeeks === 1 ? '' : 's'}`;
  const lead = c.leadTimeDays === 0 ? 'no lead time' : `${c.leadTimeDays} day${c.leadTimeDays === 1 ? '' : 's'}' lead time`;
  return `${capacity} · ${runs} · ${lead}`;
}

/**
 * Admin > Channels (decision 0056): the church's promotion channels, whether an additional request
 * for one always needs approval and whether its items go through the CMS queue; add, edit,
 * reorder, archive (never delete: items keep their channel) and restore.
 */
export function Component() {
  const config = useChurchConfig();
  const [editing, setEditing] = useState<ChannelConfig | 'new' | null>(null);
  const list = useConfigList<ChannelConfig>({
    orderPath: '/api/admin/channel-order',
    entryPath: (code) => `/api/admin/channels/${encodeURIComponent(code)}`,
    bodyOf,
    failedTitle: 'Could not save the channel.',
  });

  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <ConfigNav current="channels" />
      <PageHeader title="Promotion Channels">
        <Button onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden />
          Add Channel
        </Button>
      </PageHeader>
      <p className="mb-4 text-sm text-slate-600">
        Changes apply to requests made afterwards: an item keeps its channel, and whether it goes through the CMS queue, as it was when the
        request was made.
      </p>
      {config.isPending ? (
        <LoadingState />
      ) : config.isError ? (
        <ErrorState message={config.error.message} onRetry={() => void config.refetch()} />
      ) : (
        <ul className="space-y-2" aria-label="Channels">
          {config.data.channels.map((channel, i, all) => (
            <ConfigListEntry
              key={channel.code}
              compact
              name={channel.label}
              code={channel.code}
              archived={channel.archived}
              first={i === 0}
              last={i === all.length - 1}
              busy={list.busy}
              archiveConsequence="New requests will no longer offer this channel. Items already made for it keep it and still show it."
              onMove={(by) => list.move(all, i, by)}
              onEdit={() => setEditing(channel)}
              onArchive={(archived) => list.setArchived(channel, archived)}
            >
              <p className="text-xs text-slate-600">
                {[channel.needsApproval && 'Always needs approval as an extra', channel.goesToCms && 'Goes through the CMS queue']
                  .filter(Boolean)
                  .join(' · ') || 'No approval rule of its own · not in the CMS queue'}
              </p>
              <p className="text-xs text-slate-600">{ruleText(channel)}</p>
            </ConfigListEntry>
          ))}
        </ul>
      )}
      <ChannelDialog channel={editing} onClose={() => setEditing(null)} />
    </main>
  );
}
