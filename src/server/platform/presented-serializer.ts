import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import type { ZodType } from 'zod';

/**
 * A route option for hot reads whose presenters build exactly their answer schema's shape: the
 * answer is written with JSON.stringify alone. The app's serializer parses every answer with its
 * zod schema first (dropping what the schema does not name), which cost a 50-row page most of its
 * time beyond the SQL (the Master Activity Feed, the users list; docs/benchmarks.md).
 *
 * Under tests (NODE_ENV 'test', as vitest sets it) each answer is still parsed, and one that is not
 * exactly its parse (a field the schema drops, a wrong type, a value a transform would change)
 * throws, so a presenter that drifts from its schema fails the route's API tests instead of
 * sending a field the schema would have kept back.
 *
 * An answer shared by several requests (platform/shared-builds.ts) is written once: its text is kept
 * with the answer object for as long as that object lives.
 */
export const presentedAnswer: { serializerCompiler: FastifySerializerCompiler<unknown> } = {
  serializerCompiler: ({ schema, method, url }) => {
    if (process.env.NODE_ENV !== 'test') return writtenOnce;
    const zod = schema as ZodType;
    return (data: unknown) => {
      const text = JSON.stringify(data);
      const parsed = zod.safeParse(data);
      if (!parsed.success || !isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(parsed.data)))) {
        throw new Error(`${method} ${url}: the answer is not exactly its schema's shape`);
      }
      return text;
    };
  },
};

const written = new WeakMap<object, string>();

/** Outside tests: the answer written with JSON.stringify, once per answer object. */
export function writtenOnce(data: unknown): string {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  let text = written.get(data);
  if (text === undefined) {
    text = JSON.stringify(data);
    written.set(data, text);
  }
  return text;
}
