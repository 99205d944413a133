import { X } from 'lucide-react';
import { useState } from 'react';
import { DRAWER_MESSAGES, type RequestDetail } from '@shared/api/request-detail';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/input';
import { useAddViewer } from '../api/add-viewer';
import { useViewerCandidates } from '../api/get-viewer-candidates';
import { useRemoveViewer } from '../api/remove-viewer';
import { drawerFeedback } from './drawer-feedback';

/** Viewers (coordinator and above): share the request read-only with users whose role is viewer. */
export function ViewersPanel({ detail }: { detail: RequestDetail }) {
  const candidates = useViewerCandidates(true);
  const [choice, setChoice] = useState('');
  const add = useAddViewer(detail.id, drawerFeedback('Viewer add', { failure: DRAWER_MESSAGES.creationFailed, then: () => setChoice('') }));
  const remove = useRemoveViewer(detail.id, drawerFeedback('Viewer removal'));
  const shared = new Set(detail.viewers.map((v) => v.id));
  const available = (candidates.data ?? []).filter((c) => !shared.has(c.id));
  return (
    <section aria-labelledby="viewers-heading" className="space-y-2">
      <h2 id="viewers-heading" className="text-sm font-semibold text-slate-900">
        Viewers
      </h2>
      {detail.viewers.length === 0 ? (
        <p className="text-sm text-slate-500">Not shared with any viewers.</p>
      ) : (
        <ul className="space-y-1" aria-label="Viewers">
          {detail.viewers.map((v) => (
            <li key={v.id} className="flex items-center justify-between gap-2 rounded-md bg-white px-2 py-1 text-sm shadow-sm">
              <span className="truncate" title={v.email}>
                {v.fullName}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${v.fullName}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(v.id)}
              >
                <X className="h-4 w-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (choice) add.mutate(choice);
        }}
      >
        <div className="min-w-0 flex-1">
          <Label htmlFor="add-viewer">Add viewer</Label>
          <select
            id="add-viewer"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
            className="block h-9 w-full rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            <option value="">{available.length ? 'Choose a viewer…' : 'No viewers to add'}</option>
            {available.map((c) => (
              <option key={c.id} value={c.id}>
                {c.fullName}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" size="sm" disabled={!choice || add.isPending}>
          Add
        </Button>
      </form>
    </section>
  );
}
