import { hasRank } from '../../../shared/domain/roles';
import { allow } from '../../platform/policy/rules';

/**
 * Calendar feeds (decision 0033): everyone signed in may keep a personal feed; the team
 * feed (every live request, every task, the next six Sundays) is for coordinators and above. The
 * feed route asks the same rule of the owner's role at each fetch, so a demoted owner's team feed
 * stops answering.
 */
export const feedPolicy = {
  teamFeed: allow<unknown>('Feed', 'team feed', (actor) => hasRank(actor.role, 'coordinator')),
};
