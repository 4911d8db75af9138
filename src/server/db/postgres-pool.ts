import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable';

/** Connections a server keeps to PostgreSQL at most (the bench's raw-SQL reference uses as many). */
export const POOL_SIZE = 10;

export interface PostgresPoolOptions {
  connectionString: string;
  connectTimeoutMs: number;
  /** undefined: no statement timeout (migrations may rightly take long). */
  queryTimeoutMs: number | undefined;
  max?: number;
  /** A connection was lost outside a query (server restart, pg_terminate_backend, network). */
  onConnectionError: (error: Error) => void;
}

/**
 * A pg pool that survives the server going away: every client has an error listener (pg emits 'error' on a
 * client that loses its connection between queries, and an unheard 'error' ends the process), connecting and
 * each statement are bounded in time, and a client that failed that way is dropped instead of reused. Statements
 * with parameters are prepared once per connection (ADR 161).
 */
export function createPostgresPool(Pool: typeof pg.Pool, options: PostgresPoolOptions): PostgresPool {
  const pool = new Pool({
    connectionString: options.connectionString,
    max: options.max ?? POOL_SIZE,
    connectionTimeoutMillis: options.connectTimeoutMs,
    // the server cancels a long statement; the client gives up a second later if no answer comes at all
    ...(options.queryTimeoutMs === undefined
      ? {}
      : { statement_timeout: options.queryTimeoutMs, query_timeout: options.queryTimeoutMs + 1000 }),
    keepAlive: true,
  });
  pool.on('error', options.onConnectionError);
  pool.on('connect', (client) => {
    client.on('error', options.onConnectionError);
  });
  // one wrapper per pg client, so Kysely finds the connection it made for that client instead of a new one per query
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const nameOf = statementNames();
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = dropWhenBroken(client, nameOf);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** At most this many statement texts are prepared by name; later ones are sent unnamed as before (ADR 161). */
export const MAX_PREPARED_STATEMENTS = 500;
/** A statement with more parameters than this (a long `in` list, many rows) is planned for its values, not kept. */
export const MAX_PREPARED_PARAMETERS = 64;

/**
 * Names for statement texts, one per text for the whole pool, so each connection parses and plans a statement
 * once and PostgreSQL reuses the plan (ADR 161). Statements without parameters (transaction control, DDL) or with
 * very many are not named; past `max` texts nothing new is named, so varying texts cannot grow memory.
 */
export function statementNames(max = MAX_PREPARED_STATEMENTS) {
  const names = new Map<string, string>();
  return (text: string, parameters: ReadonlyArray<unknown>): string | undefined => {
    if (parameters.length === 0 || parameters.length > MAX_PREPARED_PARAMETERS) return undefined;
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `q${names.size}`;
      names.set(text, name);
    }
    return name;
  };
}

/**
 * PostgreSQL refuses a prepared statement whose result columns changed since it was prepared (another instance
 * migrated a table it reads with `select *`): nothing ran, so outside a transaction it is sent again unnamed. The
 * routine that raises it names it in every server language; the message only in English.
 */
function isStalePlan(error: unknown): boolean {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== '0A000') return false;
  return (
    (error as { routine?: unknown }).routine === 'RevalidateCachedQuery' ||
    /cached plan must not change result type/.test(error.message)
  );
}

/**
 * A client that sends each statement prepared by its name, and that is dropped on release instead of reused once
 * a statement failed for want of the database, or once one of its prepared statements went stale.
 */
function dropWhenBroken(
  client: pg.PoolClient,
  nameOf: ReturnType<typeof statementNames>,
): PostgresPoolClient {
  let broken: Error | undefined;
  // Kysely's own transaction statements: a stale plan inside a transaction has aborted it, so it is not sent again
  let inTransaction = false;

  /** The statement under its name if it has one; a stale plan is sent again unnamed outside a transaction. */
  async function send(text: string, values: unknown[]) {
    const name = nameOf(text, values);
    if (name === undefined) return client.query(text, values);
    try {
      return await client.query({ name, text, values });
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      broken = error as Error;
      if (inTransaction)
        throw new DatabaseUnavailableError('a statement was prepared before the schema changed', {
          cause: error,
        });
      return client.query(text, values);
    }
  }

  const query = (async (text: string, parameters: ReadonlyArray<unknown>) => {
    if (/^(begin|start transaction)\b/.test(text)) inTransaction = true;
    else if (text === 'commit' || text === 'rollback') inTransaction = false;
    try {
      return await send(text, parameters as unknown[]);
    } catch (error) {
      // after a read timeout the connection may still carry the old statement: never hand it out again
      if (isDatabaseUnavailable(error)) broken ??= error as Error;
      throw error;
    }
  }) as unknown as PostgresPoolClient['query'];
  return { query, release: () => client.release(broken) };
}
