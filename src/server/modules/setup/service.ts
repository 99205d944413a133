import { sql } from 'drizzle-orm';
import type { SetupChecklist } from '../../../shared/api/setup';
import {
  SETUP_STEPS,
  openSetupSteps,
  setupStepStatus,
  type SetupFacts,
  type SetupStepKey,
  type SetupStepStatus,
} from '../../../shared/domain/setup-checklist';
import { inTransaction, type AppContext } from '../../platform/context';
import { rowsOf, type Executor } from '../../platform/db/client';
import { badRequest } from '../../platform/errors';
import { getSetting, setSetting } from '../../platform/settings';
import { SETUP_MESSAGES } from '../../../shared/api/setup';

/**
 * What the church's data shows of the setup, in one statement: each an `exists`, so the cost does
 * not grow with the church.
 */
async function readFacts(db: Executor, emailDelivery: boolean): Promise<SetupFacts> {
  const result = await db.execute(sql`
    select
      exists (select 1 from church_settings where char_length(trim(church_name)) > 0 and contact_email is not null) as church_details,
      exists (select 1 from ministries where active) as ministries,
      exists (select 1 from runways r where r.archived_at is null
              and exists (select 1 from runway_items i where i.runway_id = r.id and i.archived_at is null)) as runways,
      (select count(*) from (select 1 from users where active limit 2) two) >= 2 as team,
      exists (select 1 from landing_page_content) as landing`);
  const [row] = rowsOf<{ church_details: boolean; ministries: boolean; runways: boolean; team: boolean; landing: boolean }>(result);
  if (!row) throw new Error('The setup facts statement answered no row');
  return {
    church: row.church_details,
    ministries: row.ministries,
    runways: row.runways,
    team: row.team,
    email: emailDelivery,
    landing: row.landing,
  };
}

export async function readChecklist(ctx: AppContext): Promise<SetupChecklist> {
  const [facts, marks] = await Promise.all([readFacts(ctx.db, !!ctx.config.smtpUrl), getSetting(ctx.db, 'setupChecklist')]);
  return {
    steps: SETUP_STEPS.map((step) => ({
      key: step.key,
      title: step.title,
      description: step.description,
      path: step.path,
      action: step.action,
      markable: !step.detected,
      status: setupStepStatus(step, facts, marks),
    })),
    open: openSetupSteps(facts, marks).length,
  };
}

/**
 * Marks a review step done, dismisses a step, or opens it again. A step the data shows done by
 * itself cannot be marked done by hand: it would claim what the church does not have.
 */
export async function markStep(ctx: AppContext, key: SetupStepKey, status: SetupStepStatus, userId: string): Promise<SetupChecklist> {
  const step = SETUP_STEPS.find((s) => s.key === key)!;
  if (status === 'done' && step.detected) throw badRequest(SETUP_MESSAGES.notMarkable);
  await inTransaction(ctx, async (tx) => {
    // The row is made if missing and locked, so two admins marking steps at once keep both marks.
    await tx.execute(
      sql`insert into app_settings (key, value) values ('setupChecklist', '{"done":[],"dismissed":[]}') on conflict do nothing`,
    );
    await tx.execute(sql`select 1 from app_settings where key = 'setupChecklist' for update`);
    const marks = await getSetting(tx, 'setupChecklist');
    const without = (list: readonly string[]) => list.filter((k) => k !== key);
    const next = {
      done: status === 'done' ? [...without(marks.done), key] : without(marks.done),
      dismissed: status === 'dismissed' ? [...without(marks.dismissed), key] : without(marks.dismissed),
    };
    await setSetting(tx, 'setupChecklist', next, userId);
  });
  return readChecklist(ctx);
}
