import type { PermissionUser } from '../../../shared/domain/request-permissions';

/**
 * Policies as data (DESIGN 6, after outline's server/policies/*.ts): each module's policy.ts
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
