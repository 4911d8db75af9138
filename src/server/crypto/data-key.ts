import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The 32-byte key behind encryption at rest: DATA_KEY when set, else DATA_DIR/data.key,
 * created on first start (back it up with the data: without it encrypted fields are lost).
 */
export function resolveDataKey(dataKeyHex: string | undefined, dataDir: string): Buffer {
  if (dataKeyHex) return Buffer.from(dataKeyHex, 'hex');
  const file = path.join(dataDir, 'data.key');
  try {
    const text = readFileSync(file, 'utf8').trim();
    if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error(`${file} must hold 64 hexadecimal characters`);
    return Buffer.from(text, 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
