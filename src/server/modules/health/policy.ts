import { allow } from '../../platform/policy/rules';

export interface LogFacts {
  status: string;
  resolved: boolean;
}

/**
 * System health and system actions are for admins (guide/roles-and-access.md#who-may-do-what: 'Send All Task Reminders'
 * admin only; System Health and the health fetch admin only). 'Resolve' is offered only for
 * non-Passed, unresolved logs (guide/roles-and-access.md#who-may-do-what): the handler and the log's canResolve both ask it.
 */
export const healthPolicy = {
  resolve: allow<LogFacts>(
    'SystemHealthLog',
    'resolve',
    (actor, log) => actor.role === 'admin' && log.status !== 'Passed' && !log.resolved,
  ),
};
