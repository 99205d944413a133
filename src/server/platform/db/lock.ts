import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its data directory, and two processes writing one directory corrupt it.
 * We hold a lock file with our pid; a second process refuses to start while that pid lives.
 */
export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(lockPath: string): number | null {
  try {
    return Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null; // released meanwhile
    throw err;
  }
}

export const LOCK_FILE = 'lampstand.lock';

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        // A process that opens and closes data directories (the tests) keeps no listener per lock.
        process.off('exit', release);
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = readPid(lockPath);
      if (pid === null) continue;
      if (Number.isFinite(pid) && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Lampstand process (pid ${pid}). ` +
            `Stop that process, or set DATA_DIR to another directory. If no Lampstand process is running, delete ${lockPath}.`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}
