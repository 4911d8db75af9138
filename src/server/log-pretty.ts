/**
 * The server's log as a person at a terminal reads it (pino-pretty), outside production only. Loaded only when
 * the log goes to a terminal (log-format.ts chooses): a server writing JSON lines never loads pino-pretty.
 */
import { prettyFactory } from 'pino-pretty';

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

let plain: ReturnType<typeof prettifier> | undefined;

/** One JSON log line as a person reads it (without colours); a line that is not JSON passes unchanged. */
export function prettyLine(json: string): string {
  plain ??= prettifier(false);
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
