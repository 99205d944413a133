import * as Collapsible from '@radix-ui/react-collapsible';
import { CheckCircle2, ChevronDown } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { SUNDAYS_MESSAGES, type SundayDetail } from '@shared/api/sundays';
import { SERMON_STATUSES, SLIDES_NEEDED_OPTIONS, type RunwayCode } from '@shared/domain/planning';
import { sermonComplete } from '@shared/domain/planning-rules';
import { Input, Label, Textarea } from '@web/components/ui/input';
import { ConflictBanner, EditorShell, fullDate, EditorFooter, readinessText } from './dialog-parts';
import { OwnerField } from './owner-field';
import { PlanItemsTable } from './plan-items-table';
import { WithSunday } from './sunday-plan-dialog';
import { useUnsavedGuard } from '@web/components/ui/unsaved-guard';
import { useSundayEditor, type SundayEditor } from './use-sunday-editor';

/** The runway whose section the second dialog opens on (any runway but media, whose card opens the media editor). */
export type DetailsSection = RunwayCode;
const STANDARD_SECTIONS = ['message', 'generosity', 'announcements', 'logistics'];

/**
 * The sections (guide/sunday-planning.md#the-sunday-plan-dialog: each shows and edits that runway's plan items): Message Details (the
 * sermon plan, with the message runway's tasks when the church has that runway) first, then
 * generosity, announcements and logistics, then the church's other runways in their order.
 */
function sectionsOf(detail: SundayDetail): Array<{ code: string; title: string }> {
  const byCode = new Map(detail.groups.map((g) => [g.runway.code, g.runway.name]));
  const standard = STANDARD_SECTIONS.filter((code) => code === 'message' || byCode.has(code));
  const others = detail.groups.map((g) => g.runway.code).filter((code) => code !== 'media' && !STANDARD_SECTIONS.includes(code));
  return [...standard, ...others].map((code) => ({
    code,
    title: code === 'message' ? SUNDAYS_MESSAGES.messageDetails : (byCode.get(code) ?? code),
  }));
}

/**
 * The second Sunday plan dialog (guide/sunday-planning.md#the-runways-dashboard; guide/sunday-planning.md#a-runway-view): Save All, collapsible Message
 * Details (the sermon plan with its check mark, and the message runway's tasks), Generosity,
 * Announcements and Logistics (each runway's tasks), Lock Sunday while not locked. A runway card
 * opens it on its own section. Its toasts are 'Sunday Plan Saved!' and 'Error Saving Plan'.
 */
export function SundayDetailsDialog({ date, section, onClose }: { date: string; section: DetailsSection; onClose: () => void }) {
  const title = `Sunday Plan for ${fullDate(date)}`;
  return (
    <WithSunday date={date} title={title} onClose={onClose}>
      {(detail) => <DetailsEditor detail={detail} title={title} section={section} onClose={onClose} />}
    </WithSunday>
  );
}

function DetailsEditor({
  detail,
  title,
  section,
  onClose,
}: {
  detail: SundayDetail;
  title: string;
  section: DetailsSection;
  onClose: () => void;
}) {
  const editor = useSundayEditor(detail, { saved: SUNDAYS_MESSAGES.planSaved, failed: SUNDAYS_MESSAGES.planSaveFailed });
  const guard = useUnsavedGuard({ dirty: editor.dirty, save: async () => (await editor.save()) !== 'failed' });
  const [open, setOpen] = useState<Record<string, boolean>>({ [section]: true });
  const complete = sermonComplete(editor.sermon);

  return (
    <EditorShell
      title={title}
      description={`Readiness ${readinessText(detail.readinessPct)}`}
      onRequestClose={() => guard.requestClose(onClose)}
    >
      <div className="flex-1 space-y-3 overflow-y-auto px-4 py-4 sm:px-6">
        <ConflictBanner editor={editor} />
        {sectionsOf(detail).map(({ code, title: heading }) => {
          const group = detail.groups.find((g) => g.runway.code === code);
          return (
            <Section
              key={code}
              title={heading}
              open={!!open[code]}
              onOpenChange={(next) => setOpen((all) => ({ ...all, [code]: next }))}
              badge={
                code === 'message' && complete ? (
                  <CheckCircle2 className="h-5 w-5 text-green-600" aria-label="Message details complete" role="img" />
                ) : null
              }
            >
              {code === 'message' && <SermonForm detail={detail} editor={editor} />}
              {group && (
                <PlanItemsTable
                  code={code}
                  label={group.runway.name}
                  editor={editor}
                  assignees={detail.assignees}
                  sundayDate={detail.sundayDate}
                />
              )}
            </Section>
          );
        })}
      </div>
      <EditorFooter detail={detail} editor={editor} saveLabel={SUNDAYS_MESSAGES.saveAll} onCancel={() => guard.requestClose(onClose)} />
      {guard.dialog}
    </EditorShell>
  );
}

function Section(props: { title: string; open: boolean; onOpenChange: (open: boolean) => void; badge: ReactNode; children: ReactNode }) {
  return (
    <Collapsible.Root open={props.open} onOpenChange={props.onOpenChange} className="rounded-lg border border-slate-200">
      <h3>
        <Collapsible.Trigger className="flex w-full items-center justify-between gap-2 px-4 py-3 text-left text-base font-semibold text-slate-900 hover:bg-slate-50">
          <span className="flex items-center gap-2">
            {props.title}
            {props.badge}
          </span>
          <ChevronDown className={`h-4 w-4 transition-transform ${props.open ? 'rotate-180' : ''}`} aria-hidden />
        </Collapsible.Trigger>
      </h3>
      <Collapsible.Content className="space-y-4 border-t border-slate-200 px-4 py-3">{props.children}</Collapsible.Content>
    </Collapsible.Root>
  );
}

const SELECT =
  'block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-100';

/** Message Details (guide/sunday-planning.md#the-runways-dashboard): series, sermon title, teaching pastor, scripture, main idea, slides needed, status, owner. */
function SermonForm({ detail, editor }: { detail: SundayDetail; editor: SundayEditor }) {
  const id = useId();
  const s = editor.sermon;
  const disabled = editor.readOnly || editor.saving;
  const saved = detail.sermon;
  // Each role is answered by its person (guide/sunday-planning.md#answering-an-assignment); the picker marks who is free that Sunday.
  const people = (value: string | null, field: 'teachingPastorId' | 'ownerId', label: string) => {
    const pastor = field === 'teachingPastorId';
    const savedId = pastor ? saved.teachingPastorId : saved.ownerId;
    return (
      <OwnerField
        id={`${id}-${field}`}
        label={label}
        emptyLabel="Not chosen"
        sundayDate={detail.sundayDate}
        kind={pastor ? 'sermon_pastor' : 'sermon_owner'}
        itemId={detail.servicePlan.id}
        title={pastor ? 'Teaching pastor' : 'Sermon owner'}
        value={value ?? ''}
        owners={detail.pastors.map((p) => ({ id: p.id, label: p.fullName }))}
        canEdit={!disabled}
        saved={
          savedId
            ? {
                ownerId: savedId,
                response: pastor ? saved.pastorResponse : saved.ownerResponse,
                reason: pastor ? saved.pastorResponseReason : saved.ownerResponseReason,
              }
            : null
        }
        onChange={(person) => editor.setSermon({ [field]: person || null })}
      />
    );
  };
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <Label htmlFor={`${id}-series`}>Series</Label>
        <select
          id={`${id}-series`}
          className={SELECT}
          value={s.seriesId ?? ''}
          disabled={disabled}
          onChange={(e) => editor.setSermon({ seriesId: e.target.value || null })}
        >
          <option value="">No series</option>
          {detail.seriesOptions.map((o) => (
            <option key={o.id} value={o.id}>
              {o.title}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={`${id}-title`}>Sermon title</Label>
        <Input
          id={`${id}-title`}
          value={s.sermonTitle ?? ''}
          disabled={disabled}
          onChange={(e) => editor.setSermon({ sermonTitle: e.target.value })}
        />
      </div>
      {people(s.teachingPastorId, 'teachingPastorId', 'Teaching pastor')}
      <div>
        <Label htmlFor={`${id}-scripture`}>Scripture reference</Label>
        <Input
          id={`${id}-scripture`}
          value={s.scriptureReference ?? ''}
          disabled={disabled}
          onChange={(e) => editor.setSermon({ scriptureReference: e.target.value })}
        />
      </div>
      <div className="sm:col-span-2">
        <Label htmlFor={`${id}-idea`}>Main idea</Label>
        <Textarea
          id={`${id}-idea`}
          rows={3}
          value={s.mainIdea ?? ''}
          disabled={disabled}
          onChange={(e) => editor.setSermon({ mainIdea: e.target.value })}
        />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">Slides needed</legend>
        <div className="space-y-1">
          {SLIDES_NEEDED_OPTIONS.map((option, i) => (
            <label key={option} htmlFor={`${id}-slide-${i}`} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                id={`${id}-slide-${i}`}
                type="checkbox"
                className="h-4 w-4 accent-brand-600"
                checked={s.slidesNeeded.includes(option)}
                disabled={disabled}
                onChange={(e) =>
                  editor.setSermon({
                    slidesNeeded: e.target.checked
                      ? SLIDES_NEEDED_OPTIONS.filter((o) => o === option || s.slidesNeeded.includes(o))
                      : s.slidesNeeded.filter((o) => o !== option),
                  })
                }
              />
              {option}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="space-y-4">
        <div>
          <Label htmlFor={`${id}-status`}>Status</Label>
          <select
            id={`${id}-status`}
            className={SELECT}
            value={s.status}
            disabled={disabled}
            onChange={(e) => editor.setSermon({ status: e.target.value as (typeof SERMON_STATUSES)[number] })}
          >
            {SERMON_STATUSES.map((st) => (
              <option key={st} value={st}>
                {st}
              </option>
            ))}
          </select>
        </div>
        {people(s.ownerId, 'ownerId', 'Owner')}
      </div>
    </div>
  );
}
