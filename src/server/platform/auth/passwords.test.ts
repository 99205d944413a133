import { afterEach, describe, expect, it } from 'vitest';
import { setPlatformLog } from '../log';
import { captureLog } from '../../test/log-capture';
import { hashPassword, verifyPassword } from './passwords';

const capture = () => captureLog().lines;

describe('verifyPassword', () => {
  afterEach(() => setPlatformLog(null));

  it('accepts the right password and refuses a wrong one without logging anything', async () => {
    const lines = capture();
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'wrong')).toBe(false);
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(lines).toEqual([]);
  });

  it('refuses a broken stored hash and logs it as broken, without the hash', async () => {
    const lines = capture();
    const broken = '$argon2id$v=19$m=19456,t=2,p=1$truncated';
    expect(await verifyPassword(broken, 'anything')).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0].level).toBe('error');
    expect(lines[0].msg).toMatch(/password hash is broken/);
    expect(lines[0].obj).toMatchObject({ scheme: 'argon2id' });
    expect(JSON.stringify(lines[0].obj)).not.toContain('truncated');
  });
});
