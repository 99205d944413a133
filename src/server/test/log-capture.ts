import { setPlatformLog, type Log } from '../platform/log';

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg: string;
}

/** Routes the platform log into an array for the test; `restore` puts the default back. */
export function captureLog(): { lines: LogLine[]; restore(): void } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (obj: object, msg: string) =>
    void lines.push({ level, obj: obj as Record<string, unknown>, msg });
  const log: Log = { info: at('info'), warn: at('warn'), error: at('error') };
  setPlatformLog(log);
  return { lines, restore: () => setPlatformLog(null) };
}

/** Waits until `check` holds, polling; fails with `what` after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
