import { sql, type SQL } from 'drizzle-orm';

/** `x in (${inList(values)})`: the values as bound parameters, one place for every module's status lists. */
export const inList = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
