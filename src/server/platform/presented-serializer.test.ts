import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { presentedAnswer, writtenOnce } from './presented-serializer';

const answer = z.object({ id: z.string(), at: z.string().nullable() });

async function appAnswering(body: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.get('/x', { schema: { response: { 200: answer } }, ...presentedAnswer }, async () => body as z.infer<typeof answer>);
  await app.ready();
  return app;
}

describe('presentedAnswer', () => {
  it('sends an answer of exactly the schema shape as it is', async () => {
    const app = await appAnswering({ id: 'a', at: null });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"id":"a","at":null}');
    await app.close();
  });

  it('under tests, refuses an answer the schema would change: a field it drops, a wrong type', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    for (const body of [{ id: 'a', at: null, passwordHash: 'x' }, { id: 'a', at: 3 }, { id: 'a' }]) {
      const app = await appAnswering(body);
      const res = await app.inject({ method: 'GET', url: '/x' });
      expect(res.statusCode, JSON.stringify(body)).toBe(500);
      expect(res.body).not.toContain('passwordHash');
      await app.close();
    }
  });

  it('outside tests, writes an answer shared by several requests once, and each new answer afresh', () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      const shared = { id: 'a', at: null };
      expect(writtenOnce(shared)).toBe('{"id":"a","at":null}');
      expect(writtenOnce(shared)).toBe('{"id":"a","at":null}');
      expect(stringify).toHaveBeenCalledTimes(1);
      expect(writtenOnce({ id: 'b', at: null })).toBe('{"id":"b","at":null}');
      expect(writtenOnce(null)).toBe('null');
      expect(stringify).toHaveBeenCalledTimes(3);
    } finally {
      stringify.mockRestore();
    }
  });
});
