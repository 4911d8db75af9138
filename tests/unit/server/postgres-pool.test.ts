import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresPool } from '../../../src/server/db/postgres-pool';

/** A pg.Pool stand-in handing out one client, recording each release and failing queries on demand. */
function fakePool() {
  const releases: Array<Error | undefined> = [];
  let failWith: Error | undefined;
  const client = {
    on: () => client,
    query: async () => {
      if (failWith) throw failWith;
      return { rows: [{ ok: 1 }] };
    },
    release: (error?: Error) => releases.push(error),
  };
  class Pool {
    on() {
      return this;
    }
    async connect() {
      return client;
    }
    async end() {}
  }
  const pool = createPostgresPool(Pool as unknown as typeof pg.Pool, {
    connectionString: 'postgres://unused',
    connectTimeoutMs: 1000,
    queryTimeoutMs: 1000,
    onConnectionError: () => undefined,
  });
  return { pool, releases, fail: (error: Error | undefined) => (failWith = error) };
}

describe('the PostgreSQL pool Kysely uses', () => {
  it('hands out one connection object per pg client, so Kysely reuses the connection it made for it', async () => {
    const { pool, releases } = fakePool();
    const first = await pool.connect();
    await first.query('select 1', []);
    first.release();
    const second = await pool.connect();
    expect(second).toBe(first);
    second.release();
    expect(releases).toEqual([undefined, undefined]);
  });

  it('drops a client whose statement failed for want of the database, and keeps one whose statement was wrong', async () => {
    const { pool, releases, fail } = fakePool();
    const client = await pool.connect();
    fail(Object.assign(new Error('syntax error'), { code: '42601' }));
    await expect(client.query('selec 1', [])).rejects.toThrow('syntax error');
    client.release();
    expect(releases).toEqual([undefined]);

    const again = await pool.connect();
    const lost = Object.assign(new Error('Query read timeout'), {});
    fail(lost);
    await expect(again.query('select 1', [])).rejects.toThrow('Query read timeout');
    again.release();
    expect(releases).toEqual([undefined, lost]);
  });
});
