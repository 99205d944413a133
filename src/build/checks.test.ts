import { describe, expect, it } from 'vitest';
import { runChecks } from './checks';

describe('the static checks run side by side', () => {
  it("keeps each check's output and exit code apart, and waits for all of them", async () => {
    const results = await runChecks([
      { name: 'ok', command: process.execPath, args: ['-e', 'console.log("fine")'] },
      { name: 'bad', command: process.execPath, args: ['-e', 'console.error("broken"); process.exit(3)'] },
      { name: 'missing', command: '/nonexistent/command', args: [] },
    ]);
    expect(results.map((r) => [r.name, r.code, r.output.trim()])).toEqual([
      ['ok', 0, 'fine'],
      ['bad', 3, 'broken'],
      ['missing', 1, expect.stringContaining('ENOENT')],
    ]);
  });
});
