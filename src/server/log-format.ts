/**
 * How the server's log reads: JSON lines (one object per line, for log collectors) in production or when
 * the output is not a terminal, and one readable line per entry for a person in development (docs/server.md).
 */

export type LogFormat = 'json' | 'pretty';

/** Pretty only for a person at a terminal outside production: a pipe or a file gets the JSON lines. */
export function chooseLogFormat(nodeEnv: string, isTTY: boolean | undefined): LogFormat {
  return nodeEnv !== 'production' && isTTY === true ? 'pretty' : 'json';
}

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
// pino's own fields, and those the line already shows
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);

const clock = (time: unknown) =>
  typeof time === 'number' ? new Date(time).toISOString().slice(11, 23) : '--:--:--.---';

const text = (value: unknown) =>
  typeof value === 'string' && !/[\s"=]/.test(value) && value !== '' ? value : JSON.stringify(value);

/** One JSON log line as a person reads it: time, level, request, message, then the other fields. */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json);
  } catch {
    return json.trimEnd();
  }
  const parts = [clock(entry.time), LEVELS[entry.level as number] ?? String(entry.level)];
  if (entry.reqId !== undefined) parts.push(`[${String(entry.reqId)}]`);
  const req = entry.req as { method?: string; url?: string; remoteAddress?: string } | undefined;
  const res = entry.res as { statusCode?: number } | undefined;
  if (req?.method) parts.push(`${req.method} ${req.url ?? ''}`.trim());
  if (res?.statusCode !== undefined) parts.push(String(res.statusCode));
  if (typeof entry.responseTime === 'number') parts.push(`${entry.responseTime.toFixed(1)}ms`);
  if (entry.msg !== undefined) parts.push(String(entry.msg));
  for (const [key, value] of Object.entries(entry))
    if (!SHOWN.has(key) && value !== undefined) parts.push(`${key}=${text(value)}`);
  const err = entry.err as { stack?: string; message?: string } | undefined;
  const line = parts.join(' ');
  // a stack is the one thing worth more than a line
  return err ? `${line}\n  ${(err.stack ?? err.message ?? '').split('\n').join('\n  ')}` : line;
}

/** A destination for pino that writes each entry as a pretty line to `out`. */
export function prettyStream(out: { write(chunk: string): unknown } = process.stdout) {
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) if (json.trim()) out.write(`${prettyLine(json)}\n`);
    },
  };
}
