import { useState } from 'react';
import { EDITABLE_DETAIL_FIELDS, EDITABLE_DETAIL_LABELS, type RequestDetail } from '@shared/api/request-detail';
import { SHORT_DESCRIPTION_MAX } from '@shared/domain/constants';
import { formatDateTime, formatTimeRange } from '@shared/domain/dates';
import { statusLabel } from '@shared/domain/statuses';
import { Button } from '@web/components/ui/button';
import { Input, Label, Textarea } from '@web/components/ui/input';
import { useChannelLabel } from '@web/lib/church-config';
import { readerLocale } from '@web/lib/locale';
import { RequestWeeksBooked } from '@web/features/capacity';
import { CAPACITY_MESSAGES } from '@shared/api/capacity';
import { useUpdateDetails } from '../api/update-details';
import { drawerFeedback } from './drawer-feedback';
import { formatDate } from './format';

type Field = (typeof EDITABLE_DETAIL_FIELDS)[number];
const LONG: ReadonlySet<Field> = new Set(['descriptionLong', 'websiteDescription', 'designNotes']);

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-2 py-2 text-sm">
      <dt className="font-medium text-slate-500">{label}</dt>
      <dd className="col-span-2 whitespace-pre-wrap break-words text-slate-900">{children || <span className="text-slate-400">—</span>}</dd>
    </div>
  );
}

function Link({ href }: { href: string | null }) {
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noreferrer noopener" className="text-brand-600 underline-offset-2 hover:underline">
      {href}
    </a>
  );
}

export function OverviewTab({ detail }: { detail: RequestDetail }) {
  const [editing, setEditing] = useState(false);
  const channelLabel = useChannelLabel();
  if (editing) return <DetailsForm detail={detail} onDone={() => setEditing(false)} />;
  const d = detail;
  // The church's wall-clock times in the reader's locale convention: '6:00 PM - 8:00 PM'.
  const time = formatTimeRange(d.startTime, d.endTime, readerLocale());
  return (
    <section aria-label="Overview">
      {d.allowedActions.canEdit && (
        <div className="mb-2 flex justify-end">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit Details
          </Button>
        </div>
      )}
      <dl className="divide-y divide-slate-100">
        <Row label="Ministry">{d.ministry?.name}</Row>
        <Row label="Requester">{d.requester.fullName}</Row>
        <Row label="Coordinator">{d.coordinator?.fullName ?? 'Unassigned'}</Row>
        <Row label="Priority">{statusLabel(d.priority)}</Row>
        <Row label="Tier">{d.tier}</Row>
        <Row label="Submitted">{formatDateTime(d.submittedAt, readerLocale())}</Row>
        <Row label="Promotion start">{formatDate(d.promotionStartDate)}</Row>
        <Row label="Event dates">
          {formatDate(d.eventStartDate)}
          {d.eventEndDate && d.eventEndDate !== d.eventStartDate ? ` – ${formatDate(d.eventEndDate)}` : ''}
        </Row>
        <Row label="Time">{time}</Row>
        <Row label="Location">{d.location}</Row>
        <Row label="Expected attendance">{d.expectedAttendance?.toString()}</Row>
        <Row label="Short description">{d.descriptionShort}</Row>
        <Row label="Long description">{d.descriptionLong}</Row>
        <Row label="Target audience">{d.targetAudience}</Row>
        <Row label="Info link">{d.infoLink && <Link href={d.infoLink} />}</Row>
        <Row label="Registration link">{d.registrationLink && <Link href={d.registrationLink} />}</Row>
        <Row label="Website description">{d.websiteDescription}</Row>
        <Row label="Planning Center">
          {d.planningCenterAdded === null ? null : d.planningCenterAdded ? 'Yes' : 'No'}
          {d.planningCenterLink && (
            <>
              {' '}
              <Link href={d.planningCenterLink} />
            </>
          )}
        </Row>
        <Row label="Design direction">{statusLabel(d.designDirection)}</Row>
        <Row label="Design notes">{d.designNotes}</Row>
        {d.otherChannelText && <Row label="Other channel">{d.otherChannelText}</Row>}
        {d.droppedItems.length > 0 && (
          <Row label="Not made (too late)">
            <ul aria-label="Channels not made" className="space-y-1">
              {d.droppedItems.map((drop) => (
                <li key={drop.channel}>
                  <span className="font-medium">{channelLabel(drop.channel)}</span>: {drop.reason}
                </li>
              ))}
            </ul>
          </Row>
        )}
        <Row label={CAPACITY_MESSAGES.bookingsRow}>
          <RequestWeeksBooked requestId={d.id} />
        </Row>
        <Row label="Completeness">{`${d.contentCompleteScore}%`}</Row>
      </dl>
    </section>
  );
}

/** Editing keeps the user's text on a failed or stale save (ARCHITECTURE.md#contracts). */
function DetailsForm({ detail, onDone }: { detail: RequestDetail; onDone: () => void }) {
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(EDITABLE_DETAIL_FIELDS.map((f) => [f, detail[f] ?? ''])) as Record<Field, string>,
  );
  const save = useUpdateDetails(detail.id, drawerFeedback('Details update', { then: onDone }));
  const titleMissing = values.eventTitle.trim() === '';
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (titleMissing) return;
    save.mutate({ ...values, version: detail.version });
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Edit details">
      {EDITABLE_DETAIL_FIELDS.map((field) => {
        const id = `detail-${field}`;
        const common = {
          id,
          value: values[field],
          onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [field]: e.target.value })),
        };
        return (
          <div key={field}>
            <Label htmlFor={id}>{EDITABLE_DETAIL_LABELS[field]}</Label>
            {LONG.has(field) ? (
              <Textarea {...common} rows={4} />
            ) : (
              <Input
                {...common}
                maxLength={field === 'descriptionShort' ? SHORT_DESCRIPTION_MAX : undefined}
                aria-invalid={field === 'eventTitle' && titleMissing}
              />
            )}
            {field === 'descriptionShort' && (
              <p className="mt-1 text-xs text-slate-500">
                {values.descriptionShort.length}/{SHORT_DESCRIPTION_MAX}
              </p>
            )}
            {field === 'eventTitle' && titleMissing && <p className="mt-1 text-sm text-red-600">Title is required.</p>}
          </div>
        );
      })}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending || titleMissing}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
