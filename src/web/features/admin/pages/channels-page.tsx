import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import type { ChurchConfigResponse } from '@shared/api/church-config';
import type { ChannelConfig } from '@shared/domain/church-config';
import { Button } from '@web/components/ui/button';
import { Card, PageHeader } from '@web/components/ui/card';
import { ErrorState, LoadingState } from '@web/components/ui/states';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { useChurchConfig, useConfigChange } from '@web/lib/church-config';
import { ArchiveButton, ConfigNav, moved, MoveButtons } from '../components/config-parts';
import { ChannelDialog } from '../components/channel-dialog';

const failed = (err: Error) => toast({ title: 'Could not save the channel.', description: err.message, variant: 'destructive' });

const bodyOf = (c: ChannelConfig) => ({ label: c.label, needsApproval: c.needsApproval, goesToCms: c.goesToCms, archived: c.archived });

/**
 * Admin > Channels (decision 0056): the church's promotion channels, whether an additional request
 * for one always needs approval and whether its items go through the CMS queue; add, edit,
 * reorder, archive (never delete: items keep their channel) and restore.
 */
export function Component() {
  const config = useChurchConfig();
  const [editing, setEditing] = useState<ChannelConfig | 'new' | null>(null);
  const order = useConfigChange((codes: string[]) => api.put<ChurchConfigResponse>('/api/admin/channel-order', { codes }), {
    onError: failed,
  });
  const archive = useConfigChange(
    ({ channel, archived }: { channel: ChannelConfig; archived: boolean }) =>
      api.put<ChurchConfigResponse>(`/api/admin/channels/${encodeURIComponent(channel.code)}`, { ...bodyOf(channel), archived }),
    { onError: failed },
  );
  const busy = order.isPending || archive.isPending;

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
            <li key={channel.code}>
              <Card
                className={`flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between ${channel.archived ? 'bg-slate-50' : ''}`}
              >
                <div className="min-w-0 sm:flex-1">
                  <h2 className="flex flex-wrap items-center gap-2 text-sm font-semibold text-slate-900">
                    {channel.label}
                    <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-normal text-slate-600">{channel.code}</span>
                    {channel.archived && (
                      <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">Archived</span>
                    )}
                  </h2>
                  <p className="text-xs text-slate-600">
                    {[channel.needsApproval && 'Always needs approval as an extra', channel.goesToCms && 'Goes through the CMS queue']
                      .filter(Boolean)
                      .join(' · ') || 'No approval rule of its own · not in the CMS queue'}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-1">
                  <MoveButtons
                    name={channel.label}
                    first={i === 0}
                    last={i === all.length - 1}
                    disabled={busy}
                    onMove={(by) =>
                      order.mutate(
                        moved(
                          all.map((c) => c.code),
                          i,
                          by,
                        ),
                      )
                    }
                  />
                  <Button variant="outline" size="sm" onClick={() => setEditing(channel)} aria-label={`Edit ${channel.label}`}>
                    <Pencil className="h-4 w-4" aria-hidden />
                    Edit
                  </Button>
                  <ArchiveButton
                    name={channel.label}
                    archived={channel.archived}
                    disabled={busy}
                    consequence="New requests will no longer offer this channel. Items already made for it keep it and still show it."
                    onChange={(archived) => archive.mutate({ channel, archived })}
                  />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ChannelDialog channel={editing} onClose={() => setEditing(null)} />
    </main>
  );
}
