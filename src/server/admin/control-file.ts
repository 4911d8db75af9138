import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** How the admin command line reaches a running server that holds the PGlite folder (ADR 013). */
export interface ControlFile {
  pid: number;
  url: string;
  secret: string;
}

export const controlFilePath = (dataDir: string) => path.join(dataDir, 'admin.json');

export function writeControlFile(dataDir: string, control: ControlFile) {
  writeFileSync(controlFilePath(dataDir), JSON.stringify(control), { mode: 0o600 });
}

export function readControlFile(dataDir: string): ControlFile | undefined {
  try {
    return JSON.parse(readFileSync(controlFilePath(dataDir), 'utf8')) as ControlFile;
  } catch {
    return undefined;
  }
}

export function removeControlFile(dataDir: string) {
  try {
    unlinkSync(controlFilePath(dataDir));
  } catch {
    // already gone
  }
}
