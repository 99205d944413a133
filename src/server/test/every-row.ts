import { appTables } from '../platform/backup/database-dump';

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

/** Every row of every table as JSON text, each table's rows sorted: two databases compared row by row. */
export async function everyRow(query: Query): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of await appTables(query)) {
    const rows = await query(`select to_jsonb(t)::text as r from ${table.quoted} t`);
    out[table.name] = rows.map((r) => String(r.r)).sort();
  }
  return out;
}
