import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { REQUEST_TEMPLATE_MESSAGES as M, renameTemplateBody, type RequestTemplate } from '@shared/api/request-templates';
import { Button } from '@web/components/ui/button';
import { TextField } from '@web/components/ui/input';
import { Card, PageHeader } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '@web/components/ui/states';
import { requestTemplatesQuery, useDeleteTemplate, useRenameTemplate } from '../api/request-templates';
import { RecurringSection, RepeatForm } from '../components/recurring-section';

/**
 * /request/templates (guide/requests.md#request-templates): the person's own request templates and
 * the church's. Each can start a new request or be repeated (guide/requests.md#recurring-requests); the
 * person renames and deletes their own (after a confirmation), coordinators and admins the church's.
 */
export function Component() {
  const templates = useQuery(requestTemplatesQuery);
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <Link to="/request/new" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        New Request
      </Link>
      <PageHeader title="Request templates" />
      <p className="mb-4 text-sm text-slate-600">
        Start a new request from one of these, or repeat one for an event that comes back. Save a request as a template from its page.
      </p>
      {templates.isPending ? (
        <LoadingState label="Loading templates..." />
      ) : !templates.data ? (
        <ErrorState message={M.fetchFailed} onRetry={() => void templates.refetch()} />
      ) : templates.data.items.length === 0 ? (
        <EmptyState>
          <h2 className="text-base font-semibold text-slate-900">No templates yet</h2>
          <p className="mt-1 text-sm text-slate-600">
            Open one of your requests and choose Save as template: its details, without the dates, can then start a new request.
          </p>
        </EmptyState>
      ) : (
        <div className="space-y-6">
          <TemplateList title="My templates" items={templates.data.items.filter((t) => !t.church)} />
          <TemplateList title="Church templates" items={templates.data.items.filter((t) => t.church)} />
        </div>
      )}
      <div className="mt-8">
        <RecurringSection />
      </div>
    </main>
  );
}

function TemplateList({ title, items }: { title: string; items: RequestTemplate[] }) {
  const id = useId();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="space-y-3" aria-labelledby={id}>
        {items.map((t) => (
          <li key={t.id}>
            <TemplateRow template={t} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function TemplateRow({ template }: { template: RequestTemplate }) {
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState(false);
  const [repeating, setRepeating] = useState(false);
  const v = template.values;
  return (
    <Card className="p-4">
      {editing ? (
        <RenameForm template={template} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">
            <h3 className="font-semibold text-slate-900">{template.name}</h3>
            <p className="text-sm text-slate-600">
              {[v.eventTitle, v.tier ? `Tier ${v.tier}` : null, v.location || null].filter(Boolean).join(' · ')}
              {template.church && template.owner ? ` · saved by ${template.owner.fullName}` : ''}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link
              to={`/request/new?template=${template.id}`}
              className="inline-flex h-8 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-50"
              aria-label={`Start a request from ${template.name}`}
            >
              Start a request
            </Link>
            <Button
              variant="outline"
              size="sm"
              onClick={() => setRepeating(true)}
              aria-label={`Repeat ${template.name}`}
              disabled={repeating}
            >
              Repeat
            </Button>
            {template.canManage && (
              <>
                <Button variant="outline" size="sm" onClick={() => setEditing(true)} aria-label={`Rename ${template.name}`}>
                  <Pencil className="h-4 w-4" aria-hidden /> Rename
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button variant="outline" size="sm" aria-label={`Delete ${template.name}`}>
                      <Trash2 className="h-4 w-4" aria-hidden /> Delete
                    </Button>
                  }
                  title="Delete this template?"
                  description={M.deleteConfirm(template.name)}
                  confirm="Delete"
                  pendingLabel="Deleting..."
                  destructive
                  onConfirm={() => remove.mutateAsync(template.id)}
                />
              </>
            )}
          </div>
        </div>
      )}
      {repeating && <RepeatForm template={template} onDone={() => setRepeating(false)} />}
    </Card>
  );
}

/** Renames a template: the name checked by the API's own schema; a refusal says why under it. */
function RenameForm({ template, onDone }: { template: RequestTemplate; onDone: () => void }) {
  const id = useId();
  const rename = useRenameTemplate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(renameTemplateBody), defaultValues: { name: template.name }, shouldFocusError: false });
  const error = errors.name?.message;
  const submit = handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ id: template.id, name });
      onDone();
    } catch (err) {
      setError('name', { type: 'server', message: err instanceof Error ? err.message : M.saveFailed });
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-wrap items-start gap-2" aria-label={`Rename ${template.name}`}>
      <TextField id={`${id}-name`} label="Template name" className="min-w-56 flex-1" maxLength={80} error={error} {...register('name')} />
      <div className="flex gap-2 sm:pt-6">
        <Button type="submit" disabled={rename.isPending}>
          Save
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
