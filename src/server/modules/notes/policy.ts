import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/**
 * Future notes (guide/roles-and-access.md#who-may-do-what /runways/planning creative; decision 0014): creatives and above
 * read and write them; Move to Runway Now writes a Sunday plan, so it is for coordinators and
 * above, and only for a planned note with a target date. The list's canMoveToRunway flag and the
 * move handler ask the same rule.
 */
export interface NoteFacts {
  status: string;
  targetDate: string | null;
}

export const notesPolicy = {
  moveToRunway: allow<NoteFacts>(
    'Note',
    'moveToRunway',
    (actor, note) => hasRank(actor.role, 'coordinator') && note.status === 'planned' && note.targetDate !== null,
  ),
};
