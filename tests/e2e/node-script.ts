import { spawn } from 'node:child_process';

/**
 * Runs a TypeScript script of the project in a Node process of its own (through tsx's loader), with
 * the variables given on top of this process's, and answers what it printed; a failure carries its
 * output.
 */
export function runNodeScript(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args[0]} failed (${code}):\n${out}`))));
  });
}
