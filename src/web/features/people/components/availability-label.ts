import type { AvailabilityAnswer } from '@shared/api/people';
import { availabilityMarks } from '@shared/domain/people-on-sundays';

/** A picker option's text: the name and why they may be a poor choice that day ('Ann Lee (blocked out, declined)'). */
export function availabilityLabel(fullName: string, id: string, answer: AvailabilityAnswer | undefined): string {
  const person = answer?.people.find((p) => p.id === id);
  const marks = person ? availabilityMarks(person) : [];
  return marks.length ? `${fullName} (${marks.join(', ')})` : fullName;
}
