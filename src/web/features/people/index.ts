// The people feature's public entry: answers to assignments, availability in pickers, blockouts.
export { ResponseBadge } from './components/response-badge';
export { AnswerControls } from './components/answer-controls';
export { BlockoutsSection } from './components/blockouts-section';
export { AssignWithoutAskingSection } from './components/assign-without-asking-section';
export { availabilityQuery, useAvailability } from './api/get-availability';
export { availabilityLabel, suggestionsFor, needsReplacement } from './components/availability-label';
export { AssignmentAnswer, type AssignmentAnswerProps } from './components/assignment-answer';
export { isBlockedOut, BlockoutConfirm } from './components/blockout-confirm';
export { AssigneePicker } from './components/assignee-picker';
