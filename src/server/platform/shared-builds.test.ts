import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sharedBuilds } from './shared-builds';

/** Builds that end when the test says: each remembers when it started (a step number). */
function controlledBuilds() {
  let step = 0;
  const builds: { key: string; startedAt: number; finish: () => void; fail: (e: Error) => void }[] = [];
  const read = sharedBuilds(
    (key: string) => key,
    (key: string) =>
      new Promise<{ key: string; startedAt: number }>((resolve, reject) => {
        const startedAt = step;
        builds.push({ key, startedAt, finish: () => resolve({ key, startedAt }), fail: reject });
      }),
  );
  return { read, builds, tick: () => ++step, now: () => step };
}

/** Lets every settled build's callbacks run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('sharedBuilds', () => {
  it('one ask alone is one build, started at once', async () => {
    const { read, builds } = controlledBuilds();
    const answer = read('feed');
    expect(builds).toHaveLength(1);
    builds[0].finish();
    expect(await answer).toEqual({ key: 'feed', startedAt: 0 });
  });

  it('those who ask while a build runs share the next one, never the running one', async () => {
    const { read, builds, tick } = controlledBuilds();
    const first = read('feed');
    tick();
    const crowd = [read('feed'), read('feed'), read('feed')];
    expect(builds).toHaveLength(1);
    builds[0].finish();
    await settle();
    expect(builds).toHaveLength(2);
    expect(builds[1].startedAt).toBe(1);
    builds[1].finish();
    expect(await first).toEqual({ key: 'feed', startedAt: 0 });
    const answers = await Promise.all(crowd);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0].startedAt).toBe(1);
  });

  it('keys do not share: another key builds at once', async () => {
    const { read, builds } = controlledBuilds();
    void read('a');
    void read('b');
    expect(builds.map((b) => b.key)).toEqual(['a', 'b']);
    builds.forEach((b) => b.finish());
  });

  it('a failed build fails those who shared it, and the next ask builds afresh', async () => {
    const { read, builds } = controlledBuilds();
    const first = read('feed');
    const second = read('feed');
    builds[0].fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await settle();
    builds[1].fail(new Error('still lost'));
    await expect(second).rejects.toThrow('still lost');
    const third = read('feed');
    expect(builds).toHaveLength(3);
    builds[2].finish();
    await expect(third).resolves.toMatchObject({ key: 'feed' });
  });

  it('whatever the order of asks and ends: every answer was built after its ask, one build at a time, at most one waiting', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('ask', 'end'), { maxLength: 40 }), async (script) => {
        const { read, builds, tick, now } = controlledBuilds();
        const asks: { at: number; answer: Promise<{ startedAt: number }> }[] = [];
        let ended = 0;
        for (const step of script) {
          tick();
          if (step === 'ask') asks.push({ at: now(), answer: read('feed') });
          else if (ended < builds.length) builds[ended++].finish();
          await settle();
          expect(builds.length - ended).toBeLessThanOrEqual(1);
        }
        while (ended < builds.length) {
          builds[ended++].finish();
          await settle();
        }
        for (const ask of asks) expect((await ask.answer).startedAt).toBeGreaterThanOrEqual(ask.at);
        expect(builds.length).toBeLessThanOrEqual(asks.length);
      }),
    );
  });
});
