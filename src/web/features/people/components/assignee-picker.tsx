import { useState } from 'react';
import { availabilityLabel } from './availability-label';
import { BlockoutConfirm, isBlockedOut } from './blockout-confirm';
import { useAvailability } from '../api/get-availability';

type Person = { id: string; fullName: string };

/**
 * The picker that gives a piece of work to someone else, to the Church Media Squad or to no one,
 * saving at once (a task card, the request drawer's items). Each person is marked for the work's
 * due date as every planning picker marks them (blocked out, declined, full that week:
 * guide/sunday-planning.md#blockout-dates), read when the picker is first reached, so a screen of
 * pickers reads only the days someone is about to choose for. Someone blocked out is assigned only
 * after the question 'Blocked out that day' is answered with Assign anyway. The saved assignee
 * stays listed even when no longer a candidate (deactivated, role changed).
 */
export function AssigneePicker({
  id,
  label,
  className,
  date,
  people,
  assignee,
  save,
  onError,
}: {
  id: string;
  /** The select's name, said by a screen reader. */
  label: string;
  className: string;
  /** The work's due date: the day the marks are for (none: no marks). */
  date: string | null;
  people: Person[];
  assignee: Person | null;
  /** Saves a choice (null: nobody); rejects with the server's refusal. */
  save: (assigneeId: string | null, confirmBlockout: boolean) => Promise<unknown>;
  /** A refusal other than a blockout to confirm (the caller's toast). */
  onError: (err: Error) => void;
}) {
  const [reached, setReached] = useState(false);
  const [saving, setSaving] = useState<{ assigneeId: string } | null>(null);
  const [blockedOut, setBlockedOut] = useState<{ message: string; assigneeId: string } | null>(null);
  const availability = useAvailability(date, reached);
  const pick = async (assigneeId: string, confirmBlockout: boolean) => {
    setSaving({ assigneeId });
    try {
      await save(assigneeId || null, confirmBlockout);
    } catch (err) {
      if (!confirmBlockout && assigneeId && isBlockedOut(err)) setBlockedOut({ message: err.message, assigneeId });
      else onError(err instanceof Error ? err : new Error(String(err)));
    } finally {
      setSaving(null);
    }
  };
  const options = assignee && !people.some((p) => p.id === assignee.id) ? [...people, assignee] : people;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        className={className}
        value={saving ? saving.assigneeId : (assignee?.id ?? '')}
        disabled={saving !== null}
        onFocus={() => setReached(true)}
        onPointerDown={() => setReached(true)}
        onChange={(e) => void pick(e.target.value, false)}
      >
        <option value="">Unassigned</option>
        {options.map((p) => (
          <option key={p.id} value={p.id}>
            {availabilityLabel(p.fullName, p.id, availability.data)}
          </option>
        ))}
      </select>
      <BlockoutConfirm
        message={blockedOut?.message ?? null}
        onCancel={() => setBlockedOut(null)}
        onConfirm={async () => {
          const assigneeId = blockedOut!.assigneeId;
          setBlockedOut(null);
          await pick(assigneeId, true);
        }}
      />
    </div>
  );
}
