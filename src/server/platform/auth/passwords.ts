import { buildTemporaryPassword } from '../../../shared/domain/temporary-password';
import { hash, verify } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';
import { platformLog } from '../log';

/** argon2id with the OWASP-recommended floor (19 MiB, 2 iterations). */
// algorithm 2 is Argon2id (a const enum in the typings, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch (err) {
    // A wrong password is `false`, never an error: an error means the stored hash cannot be read
    // (truncated, another algorithm, corrupted). The person cannot sign in until it is reset, so
    // an administrator must hear of it. The hash itself stays out of the log.
    platformLog().error(
      {
        err: { message: (err as Error).message, code: (err as { code?: string }).code },
        scheme: /^\$([a-z0-9-]+)\$/i.exec(passwordHash)?.[1] ?? 'unknown',
      },
      'a stored password hash is broken and cannot be verified; the sign-in was refused',
    );
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | null = null;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('lampstand-timing-equaliser');
  return dummyHash;
}

/** A temporary password (guide/accounts-and-security.md#passwords: the shared rule) from the system's secure random source. */
export function temporaryPassword(): string {
  return buildTemporaryPassword(randomInt);
}
