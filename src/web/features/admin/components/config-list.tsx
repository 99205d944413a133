import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ChurchConfigResponse } from '@shared/api/church-config';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { toast } from '@web/components/ui/toast-store';
import { api } from '@web/lib/api';
import { useConfigChange } from '@web/lib/church-config';
import { ArchiveButton, moved, MoveButtons } from './config-parts';

interface ConfigEntry {
  code: string;
  archived: boolean;
}

/**
 * Reordering and archiving one list of the church's configuration (tiers, channels; decision 0056):
 * the order is saved whole at `orderPath`, an entry archived or restored by saving it at
 * `entryPath(code)` with `bodyOf(entry)`; a refusal toasts `failedTitle` with the server's message.
 */
export function useConfigList<T extends ConfigEntry>({
  orderPath,
  entryPath,
  bodyOf,
  failedTitle,
}: {
  orderPath: string;
  entryPath: (code: string) => string;
  bodyOf: (entry: T) => object;
  failedTitle: string;
}) {
  const onError = (err: Error) => toast({ title: failedTitle, description: err.message, variant: 'destructive' });
  const order = useConfigChange((codes: string[]) => api.put<ChurchConfigResponse>(orderPath, { codes }), { onError });
  const archive = useConfigChange(
    ({ entry, archived }: { entry: T; archived: boolean }) =>
      api.put<ChurchConfigResponse>(entryPath(entry.code), { ...bodyOf(entry), archived }),
    { onError },
  );
  return {
    busy: order.isPending || archive.isPending,
    /** Moves the `index`th of `all` one place up or down. */
    move: (all: readonly T[], index: number, by: -1 | 1) =>
      order.mutate(
        moved(
          all.map((e) => e.code),
          index,
          by,
        ),
      ),
    setArchived: (entry: T, archived: boolean) => archive.mutate({ entry, archived }),
  };
}

/**
 * One entry of a configuration list: its name, code and Archived badge, what it means (children),
 * then Move up and down, Edit and Archive or Restore. `compact` for the long lists (channels).
 */
export function ConfigListEntry({
  name,
  code,
  archived,
  compact = false,
  first,
  last,
  busy,
  archiveConsequence,
  onMove,
  onEdit,
  onArchive,
  children,
}: {
  name: string;
  code: string;
  archived: boolean;
  compact?: boolean;
  first: boolean;
  last: boolean;
  busy: boolean;
  archiveConsequence: string;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onArchive: (archived: boolean) => void;
  children: ReactNode;
}) {
  return (
    <li>
      <Card
        className={`flex flex-col gap-3 sm:flex-row sm:justify-between ${compact ? 'p-3 sm:items-center' : 'p-4 sm:items-start'} ${
          archived ? 'bg-slate-50' : ''
        }`}
      >
        <div className="min-w-0 sm:flex-1">
          <h2 className={`flex flex-wrap items-center gap-2 font-semibold text-slate-900 ${compact ? 'text-sm' : 'text-base'}`}>
            {name}
            <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs font-normal text-slate-600">{code}</span>
            {archived && <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">Archived</span>}
          </h2>
          {children}
        </div>
        <div className="flex flex-wrap items-center gap-1">
          <MoveButtons name={name} first={first} last={last} disabled={busy} onMove={onMove} />
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
            <Pencil className="h-4 w-4" aria-hidden />
            Edit
          </Button>
          <ArchiveButton name={name} archived={archived} disabled={busy} consequence={archiveConsequence} onChange={onArchive} />
        </div>
      </Card>
    </li>
  );
}
