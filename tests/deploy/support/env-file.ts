import { readFileSync } from 'node:fs';

/** KEY=VALUE lines of an EnvironmentFile as systemd reads them: no quotes, `#` lines are comments. */
export function readEnvFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}
