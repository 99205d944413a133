/**
 * Sessions for the bench's callers, written straight into the sessions table with known tokens
 * (the row id is the sha256 of the cookie token, as sessions.ts stores it), so the load never
 * goes through the sign-in endpoint and its rate limits.
 */
import pg from 'pg';
import { hashToken } from '../server/platform/auth/sessions';
import { REMINDER_JOB } from '../server/modules/tasks/reminders';
import { PURGE_JOB } from '../server/platform/jobs/purge';
import { SUNDAY_AUTO_LOCK_JOB } from '../server/platform/jobs/sunday-auto-lock';
import { HEALTH_AUDIT_JOB } from '../server/commands/health-audit';
import { benchFeedToken, ROLE_EMAILS, type BenchRole } from './reads';

export const benchToken = (label: string) => `bench-session-${label}`;

/**
 * One session per demo role; returns the cookie token of each role. Also gives the demo
 * coordinator a personal and a team calendar feed (every ministry) of known tokens (benchFeedToken).
 */
export async function benchSessions(url: string): Promise<Record<BenchRole, string>> {
  const roles = Object.keys(ROLE_EMAILS) as BenchRole[];
  const tokens = Object.fromEntries(roles.map((r) => [r, benchToken(r)])) as Record<BenchRole, string>;
  await writeSessions(
    url,
    roles.map((r) => ({ token: tokens[r], email: ROLE_EMAILS[r] })),
  );
  await writeFeeds(url);
  return tokens;
}

async function writeFeeds(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      `insert into calendar_feeds (user_id, kind, token_hash, ministry_id)
       select u.id, f.kind, f.token_hash, null from unnest($1::text[], $2::text[]) as f(kind, token_hash)
         join users u on lower(u.email) = $3
       on conflict (user_id, kind) do update set token_hash = excluded.token_hash, ministry_id = null,
         body_gzip = null, body_built_at = null, body_role = null`,
      [['personal', 'team'], [hashToken(benchFeedToken('personal')), hashToken(benchFeedToken('team'))], ROLE_EMAILS.coordinator],
    );
  } finally {
    await c.end();
  }
}

/** `count` sessions spread over the demo sign-ins (for the event-stream fan-out); returns their tokens. */
export async function streamSessions(url: string, count: number): Promise<string[]> {
  const emails = Object.values(ROLE_EMAILS);
  const rows = Array.from({ length: count }, (_, i) => ({ token: benchToken(`stream-${i}`), email: emails[i % emails.length] }));
  await writeSessions(url, rows);
  return rows.map((r) => r.token);
}

async function writeSessions(url: string, rows: Array<{ token: string; email: string }>) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      `insert into sessions (id, user_id, csrf_token, expires_at, user_agent)
       select s.id, u.id, 'bench-csrf', now() + interval '14 days', 'lampstand-bench'
         from unnest($1::text[], $2::text[]) as s(id, email) join users u on lower(u.email) = s.email
       on conflict (id) do update set expires_at = excluded.expires_at, last_seen_at = now()`,
      [rows.map((r) => hashToken(r.token)), rows.map((r) => r.email)],
    );
  } finally {
    await c.end();
  }
}

/**
 * Marks the scheduled jobs as just run, so the app under load does not start its first reminder
 * run, health audit or purge in the middle of a measurement (each is a separate cost, measured
 * on its own by its owner).
 */
export async function quietJobs(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      `insert into job_runs (name, last_run_at) select unnest($1::text[]), now()
       on conflict (name) do update set last_run_at = now(), locked_until = null`,
      [[REMINDER_JOB, PURGE_JOB, SUNDAY_AUTO_LOCK_JOB, HEALTH_AUDIT_JOB]],
    );
  } finally {
    await c.end();
  }
}
