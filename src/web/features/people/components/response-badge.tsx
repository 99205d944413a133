import { RESPONSE_LABELS, type AssignmentResponse } from '@shared/domain/people-on-sundays';

const CLASSES: Record<AssignmentResponse, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  accepted: 'bg-green-50 text-green-800 ring-green-200',
  declined: 'bg-red-50 text-red-800 ring-red-200',
};

/**
 * An assignment's answer (guide/sunday-planning.md#answering-an-assignment): Pending, Accepted or
 * Declined, with a decline's reason as its title and in the text for screen readers.
 */
export function ResponseBadge({ response, reason }: { response: AssignmentResponse; reason?: string | null }) {
  return (
    <span
      data-response={response}
      title={reason ?? undefined}
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${CLASSES[response]}`}
    >
      {RESPONSE_LABELS[response]}
      {reason ? <span className="sr-only">: {reason}</span> : null}
    </span>
  );
}
