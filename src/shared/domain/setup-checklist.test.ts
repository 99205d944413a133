import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SETUP_STEPS, SETUP_STEP_KEYS, openSetupSteps, setupStepStatus, type SetupFacts } from './setup-checklist';

const none: SetupFacts = { church: false, ministries: false, runways: false, team: false, email: false, landing: false };
const all: SetupFacts = { church: true, ministries: true, runways: true, team: true, email: true, landing: true };
const step = (key: string) => SETUP_STEPS.find((s) => s.key === key)!;

describe('the setup checklist', () => {
  it('lists every step once, each with a screen to do it', () => {
    expect(SETUP_STEPS.map((s) => s.key)).toEqual([...SETUP_STEP_KEYS]);
    for (const s of SETUP_STEPS) expect(s.path).toMatch(/^\//);
  });

  it('a fresh church has every step open', () => {
    expect(openSetupSteps(none, { done: [], dismissed: [] })).toEqual([...SETUP_STEP_KEYS]);
  });

  it('a step the data shows is done by itself, and a mark cannot make it done without the data', () => {
    expect(setupStepStatus(step('runways'), { ...none, runways: true }, { done: [], dismissed: [] })).toBe('done');
    expect(setupStepStatus(step('runways'), none, { done: ['runways'], dismissed: [] })).toBe('open');
  });

  it('a review step is done only when marked', () => {
    expect(setupStepStatus(step('tiers'), all, { done: [], dismissed: [] })).toBe('open');
    expect(setupStepStatus(step('tiers'), none, { done: ['tiers'], dismissed: [] })).toBe('done');
  });

  it('a dismissed step is not open; done wins over dismissed', () => {
    expect(setupStepStatus(step('email'), none, { done: [], dismissed: ['email'] })).toBe('dismissed');
    expect(setupStepStatus(step('email'), all, { done: [], dismissed: ['email'] })).toBe('done');
  });

  it('the checklist is finished exactly when every step is done or dismissed', () => {
    const facts = fc.record<SetupFacts>({
      church: fc.boolean(),
      ministries: fc.boolean(),
      runways: fc.boolean(),
      team: fc.boolean(),
      email: fc.boolean(),
      landing: fc.boolean(),
    });
    const keys = fc.subarray([...SETUP_STEP_KEYS]);
    fc.assert(
      fc.property(facts, keys, keys, (f, done, dismissed) => {
        const open = openSetupSteps(f, { done, dismissed });
        const statuses = SETUP_STEPS.map((s) => setupStepStatus(s, f, { done, dismissed }));
        expect(open.length === 0).toBe(statuses.every((s) => s !== 'open'));
        for (const key of dismissed) expect(open).not.toContain(key);
      }),
    );
  });
});
