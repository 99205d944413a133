import type { AvailabilityAnswer } from '@shared/api/people';
import { availabilityMarks, type AnswerableKind, type Availability } from '@shared/domain/people-on-sundays';

/** A picker option's text: the name and why they may be a poor choice that day ('Ann Lee (blocked out, declined)'). */
export function availabilityLabel(fullName: string, id: string, answer: AvailabilityAnswer | undefined): string {
  const person = answer?.people.find((p) => p.id === id);
  const marks = person ? availabilityMarks(person) : [];
  return marks.length ? `${fullName} (${marks.join(', ')})` : fullName;
}

/**
 * The replacements the day's availability suggests for one assignment: its own when its person
 * declined it or is blocked out, those of an open slot when it has nobody (null: a slot not saved
 * yet), none for work its person still holds.
 */
export function suggestionsFor(
  answer: AvailabilityAnswer | undefined,
  target: { kind: AnswerableKind; id: string | null; assigneeId: string | null },
): Availability[] {
  if (!answer) return [];
  const ids = target.assigneeId
    ? (answer.replacements.find((r) => r.kind === target.kind && r.id === target.id)?.suggestions ?? [])
    : answer.openSuggestions;
  return ids.map((id) => answer.people.find((p) => p.id === id)).filter((p): p is Availability => !!p);
}

/**
 * Whether the day's availability asks for a replacement of this assignment (declined, or its
 * person blocked out), while it is still that person's (an answer read before a save that moved it
 * asks nothing).
 */
export const needsReplacement = (answer: AvailabilityAnswer | undefined, kind: AnswerableKind, id: string, assigneeId: string) =>
  !!answer?.replacements.some((r) => r.kind === kind && r.id === id && r.assigneeId === assigneeId);
