import type { SQL } from 'drizzle-orm';
import type { PermissionUser } from '../../../shared/domain/request-permissions';

/**
 * Policies as data (ARCHITECTURE.md#conventions, after outline's server/policies/*.ts): each module's policy.ts
 * declares short rules "who may do <action> to <subject>", and the handlers, the realtime audience
 * and the allowed actions sent to the browser all ask the same rule, so they cannot disagree.
 * A route names the rule it is guarded by (`config.policy.rule`), and the OpenAPI document lists
 * it as x-rule next to x-min-role.
 */
export interface Rule<Subject> {
  /** "Subject.action", as the OpenAPI document and the authorization matrix name it. */
  readonly name: string;
  allows(actor: PermissionUser, subject: Subject): boolean;
}

export function allow<Subject>(
  subject: string,
  action: string,
  condition: (actor: PermissionUser, subject: Subject) => boolean,
): Rule<Subject> {
  return { name: `${subject}.${action}`, allows: condition };
}

/**
 * A rule that also scopes lists: the same rule as a condition on one row (handlers, audience,
 * allowed actions) and as SQL over many (`where`), declared side by side so a list can never
 * show a row the single-row rule refuses. request-scope.test.ts checks that the two agree.
 */
export interface ScopedRule<Subject> extends Rule<Subject> {
  where(actor: PermissionUser): SQL;
}

export function allowWhere<Subject>(
  subject: string,
  action: string,
  condition: (actor: PermissionUser, subject: Subject) => boolean,
  where: (actor: PermissionUser) => SQL,
): ScopedRule<Subject> {
  return { ...allow(subject, action, condition), where };
}
