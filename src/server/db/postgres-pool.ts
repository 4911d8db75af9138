import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable';

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
 * each statement are bounded in time, and a client that failed that way is dropped instead of reused.
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
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = dropWhenBroken(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** A client that, once a statement failed for want of the database, is dropped on release instead of reused. */
function dropWhenBroken(client: pg.PoolClient): PostgresPoolClient {
  let broken: Error | undefined;
  const query = (async (text: string, parameters: ReadonlyArray<unknown>) => {
    try {
      return await client.query(text, parameters as unknown[]);
    } catch (error) {
      // after a read timeout the connection may still carry the old statement: never hand it out again
      if (isDatabaseUnavailable(error)) broken = error as Error;
      throw error;
    }
  }) as unknown as PostgresPoolClient['query'];
  return { query, release: () => client.release(broken) };
}
