import { lazy, Suspense } from 'react';
import type { SundayAnswerableKind, AssignmentResponse } from '@shared/domain/people-on-sundays';
import { useCurrentUser } from '@web/features/auth';
import { availabilityLabel, useAvailability } from '@web/features/people';
import { SelectField } from './media/select-field';

// Answers and replacements load after the editor: only saved, assigned work shows them.
const AssignmentAnswer = lazy(() => import('./assignment-answer'));

/** The owner a row was saved with and their answer (guide/sunday-planning.md#answering-an-assignment). */
export interface SavedOwner {
  ownerId: string;
  response: AssignmentResponse;
  reason: string | null;
}

/**
 * The owner picker of a piece of Sunday work (a video, a social post, a sermon role): each person
 * marked with that Sunday's availability (blocked out, declined, full that week) from the day's one
 * availability read, and under it the saved owner's answer: their own Accept and Decline, or its
 * badge, with the suggested replacements once declined or blocked out.
 */
export function OwnerField(props: {
  id: string;
  label?: string;
  /** The choice of nobody ('Unassigned'). */
  emptyLabel?: string;
  sundayDate: string;
  kind: SundayAnswerableKind;
  /** The saved row's id (a sermon role: the service plan's); none before its first save. */
  itemId: string | null;
  /** What the work is called, for the answer buttons' names. */
  title: string;
  value: string;
  owners: Array<{ id: string; label: string }>;
  canEdit: boolean;
  saved: SavedOwner | null;
  onChange: (ownerId: string) => void;
}) {
  const {
    id,
    label = 'Owner',
    emptyLabel = 'Unassigned',
    sundayDate,
    kind,
    itemId,
    title,
    value,
    owners,
    canEdit,
    saved,
    onChange,
  } = props;
  const me = useCurrentUser();
  const availability = useAvailability(sundayDate, canEdit);
  const answered = !!itemId && !!saved?.ownerId && value === saved.ownerId;
  return (
    <div>
      <SelectField
        id={id}
        label={label}
        value={value}
        options={owners.map((o) => ({ value: o.id, label: availabilityLabel(o.label, o.id, availability.data) }))}
        emptyLabel={emptyLabel}
        disabled={!canEdit}
        onChange={onChange}
      />
      {answered && (
        <Suspense fallback={null}>
          <AssignmentAnswer
            kind={kind}
            id={itemId}
            title={title}
            response={saved.response}
            reason={saved.reason}
            assigneeId={saved.ownerId}
            mine={saved.ownerId === me?.id}
            date={sundayDate}
            canReplace={canEdit}
            onPick={onChange}
            candidates={owners.map((o) => o.id)}
          />
        </Suspense>
      )}
    </div>
  );
}
