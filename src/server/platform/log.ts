/**
 * The process's logger for platform code that runs outside a request (the event bus, the outbox
 * worker, jobs, password checks). main.ts hands it the app's logger once Fastify built it; until
 * then, and in scripts, lines go to stderr as JSON so nothing is swallowed.
 */
export interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const line = (level: string) => (obj: object, msg: string) =>
  console.error(JSON.stringify({ level, time: Date.now(), ...errorFields(obj), msg }));

const stderrLog: Log = { info: line('info'), warn: line('warn'), error: line('error') };
let current: Log = stderrLog;

export function setPlatformLog(log: Log | null): void {
  current = log ?? stderrLog;
}

export function platformLog(): Log {
  return current;
}

/** JSON.stringify drops an Error's message and stack; keep them. */
function errorFields(obj: object): object {
  const out: Record<string, unknown> = { ...obj };
  for (const [k, v] of Object.entries(out)) {
    if (v instanceof Error) out[k] = { type: v.name, message: v.message, code: (v as { code?: unknown }).code, stack: v.stack };
  }
  return out;
}
