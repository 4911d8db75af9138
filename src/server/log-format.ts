/**
 * How the server's log reads: JSON lines (one object per line, for log collectors) in production or when
 * the output is not a terminal, and one readable line per entry for a person in development, by pino-pretty
 * (docs/server.md).
 */
import { prettyFactory } from 'pino-pretty';

export type LogFormat = 'json' | 'pretty';

/** Pretty only for a person at a terminal outside production: a pipe or a file gets the JSON lines. */
export function chooseLogFormat(nodeEnv: string, isTTY: boolean | undefined): LogFormat {
  return nodeEnv !== 'production' && isTTY === true ? 'pretty' : 'json';
}

interface RequestFields {
  reqId?: unknown;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: unknown;
}

/** A request's id, method and URL, status and time before the message: `[req-1] GET /api/x 200 3.1ms`. */
function requestAndMessage(log: Record<string, unknown>, messageKey: string): string {
  const { reqId, req, res, responseTime } = log as RequestFields;
  return [
    reqId === undefined ? '' : `[${String(reqId)}]`,
    req?.method ? `${req.method} ${req.url ?? ''}`.trim() : '',
    res?.statusCode === undefined ? '' : String(res.statusCode),
    typeof responseTime === 'number' ? `${responseTime.toFixed(1)}ms` : '',
    log[messageKey] === undefined ? '' : String(log[messageKey]),
  ]
    .filter(Boolean)
    .join(' ');
}

/** pino-pretty's formatter: UTC clock, level, request and message on one line; other fields after it as JSON. */
function prettifier(colorize: boolean) {
  return prettyFactory({
    colorize,
    translateTime: 'UTC:HH:MM:ss.l',
    // the line shows the request's fields; the address stays out of the terminal as it does today
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    singleLine: true,
    messageFormat: requestAndMessage,
  });
}

const plain = prettifier(false);

/** One JSON log line as a person reads it (without colours); a line that is not JSON passes unchanged. */
export function prettyLine(json: string): string {
  return plain(json.trimEnd()).trimEnd();
}

/** A destination for pino that writes each entry pretty to `out`, coloured only at the terminal. */
export function prettyStream(out: { write(chunk: string): unknown } = process.stdout) {
  const pretty = prettifier(out === process.stdout);
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) if (json.trim()) out.write(pretty(json));
    },
  };
}
