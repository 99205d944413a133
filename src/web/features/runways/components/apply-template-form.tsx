import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { SUNDAY_TEMPLATE_MESSAGES as M, type ApplyTemplateResult } from '@shared/api/sunday-templates';
import type { SundayDetail } from '@shared/api/sundays';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/input';
import { sundayTemplatesQuery, useApplySundayTemplate } from '../api/sunday-templates';
import type { SundayEditor } from './use-sunday-editor';

const SELECT =
  'h-10 min-w-48 rounded-md border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

const REASONS = { applied_before: 'applied before', name_taken: 'the Sunday already has a task of that name' } as const;

/** What applying did, in words: the tasks added, and those left with why. */
export function appliedSummary(result: ApplyTemplateResult): string {
  const added = result.added.map((a) => `${a.title} (${a.runwayName})`);
  const left = result.skipped.map((x) => `${x.title}: ${REASONS[x.reason]}`);
  return [
    `${M.applied(result.added.length)}${added.length ? `: ${added.join(', ')}` : ''}.`,
    left.length ? `Left as they were: ${left.join('; ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Applies a Sunday template to this Sunday (guide/sunday-planning.md#sunday-templates), for those
 * who may add tasks to it. Waits while the dialog has unsaved edits (the apply moves the plans'
 * versions on), and says what it added and what it left.
 */
export function ApplyTemplateForm({ detail, editor }: { detail: SundayDetail; editor: SundayEditor }) {
  const id = useId();
  const templates = useQuery({ ...sundayTemplatesQuery, enabled: detail.canAddTask });
  const apply = useApplySundayTemplate(detail.sundayDate);
  const [chosen, setChosen] = useState('');
  const [said, setSaid] = useState<{ text: string; failed: boolean } | null>(null);
  if (!detail.canAddTask) return null;
  const items = templates.data?.items ?? [];
  const selected = chosen || items[0]?.id || '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!selected) return;
    try {
      setSaid({ text: appliedSummary(await apply.mutateAsync(selected)), failed: false });
    } catch (err) {
      setSaid({ text: `${M.applyFailed}: ${err instanceof Error ? err.message : String(err)}`, failed: true });
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-md border border-slate-200 bg-slate-50 p-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        {M.applyLabel}
      </h3>
      {templates.isPending ? (
        <p className="mt-1 text-sm text-slate-600">Loading templates...</p>
      ) : templates.isError ? (
        <p className="mt-1 text-sm text-red-600">{M.fetchFailed}</p>
      ) : items.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          No Sunday templates yet.{' '}
          <a className="font-medium text-brand-700 underline" href="/runways/templates">
            Make one
          </a>
        </p>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="mt-2 flex flex-wrap items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-template`}>Template</Label>
            <select id={`${id}-template`} className={SELECT} value={selected} onChange={(e) => setChosen(e.target.value)}>
              {items.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name} ({t.tasks.length} task{t.tasks.length === 1 ? '' : 's'})
                </option>
              ))}
            </select>
          </div>
          <Button
            type="submit"
            variant="outline"
            disabled={apply.isPending || editor.dirty || editor.saving}
            title={editor.dirty ? 'Save your changes before applying a template.' : undefined}
          >
            {apply.isPending ? 'Applying...' : 'Apply'}
          </Button>
        </form>
      )}
      <p role="status" className={`mt-2 text-sm ${said?.failed ? 'text-red-600' : 'text-slate-700'}`}>
        {said?.text ?? ''}
      </p>
    </section>
  );
}
