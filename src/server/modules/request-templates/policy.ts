import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/** What the rules know of a template: whose it is and whether it is the church's. */
export interface TemplateFacts {
  ownerId: string | null;
  isChurch: boolean;
}

/**
 * Request templates (guide/requests.md#request-templates): requesters and above keep their own
 * and start from the church's; a request is saved as a template by its requester or by a
 * coordinator or admin (as duplicating it is); church templates are saved, renamed and deleted by
 * coordinators and admins. Someone else's own template is private: it is not found.
 */
export const requestTemplatesPolicy = {
  list: allow<unknown>('RequestTemplate', 'list', (actor) => hasRank(actor.role, 'requester')),
  fromRequest: allow<{ requesterId: string }>(
    'RequestTemplate',
    'save',
    (actor, request) => hasRank(actor.role, 'requester') && (request.requesterId === actor.id || hasRank(actor.role, 'coordinator')),
  ),
  saveChurch: allow<unknown>('RequestTemplate', 'save church', (actor) => hasRank(actor.role, 'coordinator')),
  see: allow<TemplateFacts>('RequestTemplate', 'read', (actor, t) => t.isChurch || t.ownerId === actor.id),
  manage: allow<TemplateFacts>('RequestTemplate', 'manage', (actor, t) =>
    t.isChurch ? hasRank(actor.role, 'coordinator') : t.ownerId === actor.id,
  ),
};
