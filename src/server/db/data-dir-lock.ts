import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The database in ${dataDir} is open in another process (pid ${pid}).`);
  }
}

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid holding the lock on dataDir, or undefined when no live process holds it. */
export function lockHolder(dataDir: string): number | undefined {
  try {
    const { pid } = JSON.parse(readFileSync(path.join(dataDir, 'db.lock'), 'utf8')) as { pid: number };
    return Number.isInteger(pid) && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** PGlite allows one process per data folder: take an exclusive lock file, replacing a dead holder's. */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, JSON.stringify({ pid: process.pid, since: new Date().toISOString() }), {
        flag: 'wx',
      });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(dataDir);
      if (holder !== undefined) throw new DataDirBusyError(dataDir, holder);
      try {
        unlinkSync(file);
      } catch {
        // another process removed the stale lock first
      }
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
