/** The one wording for PostgreSQL tests not running: the global setup's banner and the skipped suites' names. */
export const PG_SKIPPED = 'PostgreSQL tests skipped: DATABASE_URL is not set';

export function pgSkipBanner(): string {
  const rule = '!'.repeat(78);
  return [
    '',
    rule,
    `!! ${PG_SKIPPED}.`,
    '!! Only PGlite ran: parallel connections, row locks, LISTEN/NOTIFY and outages were NOT tested.',
    '!! Run with DATABASE_URL=postgres://postgres@127.0.0.1:5432/test to include them.',
    rule,
    '',
  ].join('\n');
}
