import { AssignmentAnswer, type AssignmentAnswerProps } from '@web/features/people';

/**
 * The answer of a saved assignment in a Sunday editor (a task's picker, a video's or post's owner,
 * a sermon role), loaded after the editor opens: the person's controls or its badge, and the
 * replacements once declined or blocked out.
 */
export default function LazyAssignmentAnswer(props: AssignmentAnswerProps) {
  return <AssignmentAnswer {...props} />;
}
