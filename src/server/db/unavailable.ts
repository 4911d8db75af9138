/**
 * Which errors mean "the database is not there right now" (answer 503 and recover) rather than "this query or
 * this code is wrong" (a bug: 500, logged). See ADR 050.
 */

/** SQLSTATE classes: 08 connection exception, 53 insufficient resources (disk full, too many connections), 58 system (I/O). */
const UNAVAILABLE_CLASSES = new Set(['08', '53', '58']);
/** 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up), 57014 statement timeout. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '57P05', '57014']);
/** Socket and file-system failures on the way to the database. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENOSPC',
  'EIO',
]);
/** Messages pg and PGlite give without a code when a connection, the pool or the embedded database is gone. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /is not queryable/,
  /^Cannot use a pool after calling end/,
  /^PGlite is clos(ed|ing)/,
];

/** An error our own code raises when the database did not answer in time or is being reopened. */
export class DatabaseUnavailableError extends Error {
  constructor(message = 'the database is unavailable', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  // the embedded database's WebAssembly aborted: it is reopened, the request is answered 503
  if (error instanceof WebAssembly.RuntimeError) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_ERRNOS.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_CLASSES.has(code.slice(0, 2))) return true;
  }
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // "localhost" resolves to two addresses: both refusals come back together
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1)))
    return true;
  return isDatabaseUnavailable((error as { cause?: unknown }).cause, depth + 1);
}
