import { useQuery } from '@tanstack/react-query';
import { FileStack } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { REQUEST_TEMPLATE_MESSAGES as M, type RequestTemplate } from '@shared/api/request-templates';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { requestTemplatesQuery } from '../api/request-templates';

const SELECT =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/**
 * 'Start from a template' on the new-request form (guide/requests.md#request-templates): a picker of
 * the person's own templates and the church's, and Use template. When the form already holds
 * something typed, it asks before replacing it. `onChoose` fills the form (dates left empty).
 */
export function TemplatePicker({ dirty, onChoose }: { dirty: boolean; onChoose: (template: RequestTemplate) => void }) {
  const id = useId();
  const templates = useQuery(requestTemplatesQuery);
  const [chosen, setChosen] = useState('');
  const [asking, setAsking] = useState(false);
  const items = templates.data?.items ?? [];
  if (templates.isPending || templates.isError || items.length === 0) return null;
  const own = items.filter((t) => !t.church);
  const church = items.filter((t) => t.church);
  const selected = items.find((t) => t.id === chosen) ?? items[0];
  const use = () => (dirty ? setAsking(true) : onChoose(selected));
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm"
    >
      <FileStack className="mb-2 h-5 w-5 text-brand-700" aria-hidden />
      <div className="min-w-56 flex-1">
        <h2 id={`${id}-title`} className="font-semibold text-slate-900">
          Start from a template
        </h2>
        <select
          id={`${id}-template`}
          aria-labelledby={`${id}-title`}
          className={`${SELECT} mt-1`}
          value={selected.id}
          onChange={(e) => setChosen(e.target.value)}
        >
          {own.length > 0 && (
            <optgroup label="My templates">
              {own.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </optgroup>
          )}
          {church.length > 0 && (
            <optgroup label="Church templates">
              {church.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </div>
      <Button variant="outline" onClick={use}>
        Use template
      </Button>
      <Link to="/request/templates" className="mb-2 font-medium text-brand-700 underline">
        Manage templates
      </Link>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Replace the form?"
        description={M.replaceConfirm}
        confirm="Replace"
        onConfirm={() => onChoose(selected)}
      />
    </section>
  );
}
