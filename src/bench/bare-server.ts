/**
 * The "bare" server of the bench: plain Fastify and a pg Pool, no session, policy, validation or
 * response schema. GET /bare/:key runs the main query the app issued for that read (captured by
 * capture.ts, handed over in the JSON file named by BENCH_QUERIES) and answers its rows as JSON (a
 * bytea value, such as a calendar feed's stored text, as base64, not as JSON's array of numbers).
 * For a read whose answer is a text the app keeps (Read.bareSendsAnswer) it sends, after the
 * query, the app's answer as the app sent it. The app's throughput beside it shows what the layers
 * above the SQL cost.
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { genericPlanOptions, plannerOptions } from '../server/platform/db/planner-settings';

interface Stored {
  text: string;
  values: unknown[];
  /** Set when the app sends the statement named: the bare route prepares it the same way. */
  name?: string;
  /** Set when the app runs it on its generic plan (decision 0076): so does the bare route. */
  genericPlan?: boolean;
  /** The app's answer, sent after the query (Read.bareSendsAnswer). */
  answer?: KeptAnswer;
}

export interface KeptAnswer {
  base64: string;
  headers: Record<string, string>;
}

async function main() {
  const queries = JSON.parse(fs.readFileSync(process.env.BENCH_QUERIES!, 'utf8')) as Record<string, Stored>;
  const answers = new Map(Object.entries(queries).flatMap(([key, q]) => (q.answer ? [[key, Buffer.from(q.answer.base64, 'base64')]] : [])));
  // The app's planner settings: the bare route runs the same SQL with the same plans.
  const poolOf = (options: string) => {
    const made = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.BARE_POOL ?? 16), options });
    made.on('error', () => {});
    return made;
  };
  const pool = poolOf(plannerOptions());
  const genericPool = poolOf(genericPlanOptions());
  const app = Fastify({ logger: false });
  app.get<{ Params: { key: string } }>('/bare/:key', async (request, reply) => {
    const q = queries[request.params.key];
    if (!q) return reply.code(404).send({ error: 'no such read' });
    const { rows } = await (q.genericPlan ? genericPool : pool).query(
      q.name ? { name: q.name, text: q.text, values: q.values } : { text: q.text, values: q.values },
    );
    if (q.answer) return reply.headers(q.answer.headers).send(answers.get(request.params.key));
    return rows.map((row: Record<string, unknown>) => {
      for (const [column, value] of Object.entries(row)) if (Buffer.isBuffer(value)) row[column] = value.toString('base64');
      return row;
    });
  });
  app.get('/bare-health', async () => ({ ok: true }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  const stop = async () => {
    await app.close();
    await Promise.all([pool.end(), genericPool.end()]);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
