/**
 * How the server's log reads: JSON lines (one object per line, for log collectors) in production or when
 * the output is not a terminal, and one readable line per entry for a person in development, by pino-pretty
 * (docs/server.md; the pretty lines are in log-pretty.ts, loaded only for a terminal).
 */

export type LogFormat = 'json' | 'pretty';

/** Pretty only for a person at a terminal outside production: a pipe or a file gets the JSON lines. */
export function chooseLogFormat(nodeEnv: string, isTTY: boolean | undefined): LogFormat {
  return nodeEnv !== 'production' && isTTY === true ? 'pretty' : 'json';
}
