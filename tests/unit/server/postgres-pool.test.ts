import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import {
  createPostgresPool,
  MAX_PREPARED_PARAMETERS,
  statementNames,
} from '../../../src/server/db/postgres-pool';
import { isDatabaseUnavailable } from '../../../src/server/db/unavailable';

/** What pg's `query` was given: the text, its values, and the name it was prepared under, if any. */
interface Sent {
  text: string;
  values: unknown[];
  name?: string;
}

/**
 * A pg.Pool stand-in handing out one client, recording each statement and release and failing queries on demand
 * (`failOnce` fails the next named statement only).
 */
function fakePool() {
  const releases: Array<Error | undefined> = [];
  const sent: Sent[] = [];
  let failWith: Error | undefined;
  let failNamedOnce: Error | undefined;
  const client = {
    on: () => client,
    query: async (query: string | Sent, values?: unknown[]) => {
      const statement = typeof query === 'string' ? { text: query, values: values ?? [] } : query;
      sent.push(statement);
      if (failWith) throw failWith;
      if (failNamedOnce && statement.name !== undefined) {
        const error = failNamedOnce;
        failNamedOnce = undefined;
        throw error;
      }
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
  return {
    pool,
    releases,
    sent,
    fail: (error: Error | undefined) => (failWith = error),
    failOnce: (error: Error) => (failNamedOnce = error),
  };
}

/** PostgreSQL's answer to a prepared `select *` whose table gained a column since it was prepared. */
const stalePlan = () =>
  Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });

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

  it('prepares each statement with parameters under one name per text, and sends the rest unnamed', async () => {
    const { pool, sent } = fakePool();
    const client = await pool.connect();
    await client.query('select id from users where email = $1', ['a@example.com']);
    await client.query('select id from users where email = $1', ['b@example.com']);
    await client.query('select id from intakes where id = $1', ['x']);
    await client.query('begin', []);
    expect(sent).toEqual([
      { name: 'q0', text: 'select id from users where email = $1', values: ['a@example.com'] },
      { name: 'q0', text: 'select id from users where email = $1', values: ['b@example.com'] },
      { name: 'q1', text: 'select id from intakes where id = $1', values: ['x'] },
      { text: 'begin', values: [] },
    ]);
  });

  it('names no more texts than its limit, so varying statements cannot grow memory', () => {
    const nameOf = statementNames(2);
    expect(nameOf('select $1', [1])).toBe('q0');
    expect(nameOf('select $1, $2', [1, 2])).toBe('q1');
    expect(nameOf('select $1, $2, $3', [1, 2, 3])).toBeUndefined();
    expect(nameOf('select $1', [2])).toBe('q0');
    expect(nameOf('select 1', [])).toBeUndefined();
  });

  it('sends a statement with a long list of values unnamed', () => {
    const nameOf = statementNames();
    const values = Array.from({ length: MAX_PREPARED_PARAMETERS + 1 }, (_, i) => i);
    const text = `select id from intakes where id in (${values.map((i) => `$${i + 1}`).join(', ')})`;
    expect(nameOf(text, values)).toBeUndefined();
    expect(nameOf(text.replace(', $65)', ')'), values.slice(0, -1))).toBe('q0');
  });

  it('sends a statement whose prepared plan went stale again unnamed, and drops the connection afterwards', async () => {
    const { pool, sent, releases, failOnce } = fakePool();
    const client = await pool.connect();
    const stale = stalePlan();
    failOnce(stale);
    await expect(client.query('select * from users where id = $1', ['u'])).resolves.toEqual({
      rows: [{ ok: 1 }],
    });
    expect(sent.slice(-2)).toEqual([
      { name: 'q0', text: 'select * from users where id = $1', values: ['u'] },
      { text: 'select * from users where id = $1', values: ['u'] },
    ]);
    client.release();
    expect(releases).toEqual([stale]);
  });

  it('knows a stale plan by the routine that raised it when PostgreSQL speaks another language', async () => {
    const { pool, sent, failOnce } = fakePool();
    const client = await pool.connect();
    failOnce(
      Object.assign(new Error('önbelleğe alınmış plan sonuç türünü değiştirmemeli'), {
        code: '0A000',
        routine: 'RevalidateCachedQuery',
      }),
    );
    await expect(client.query('select * from users where id = $1', ['u'])).resolves.toBeDefined();
    expect(sent.at(-1)).toEqual({ text: 'select * from users where id = $1', values: ['u'] });
  });

  it('inside a transaction, fails a stale prepared statement as "unavailable" (503) instead of sending it again', async () => {
    const { pool, sent, releases, failOnce } = fakePool();
    const client = await pool.connect();
    await client.query('begin', []);
    failOnce(stalePlan());
    const error = await client.query('select * from users where id = $1', ['u']).catch((e: unknown) => e);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(sent.filter((s) => s.text.startsWith('select'))).toHaveLength(1);
    await client.query('rollback', []);
    client.release();
    expect(releases).toHaveLength(1);
    expect(releases[0]).toMatchObject({ code: '0A000' });

    // after the transaction a stale statement is sent again as before
    const next = await pool.connect();
    failOnce(stalePlan());
    await expect(next.query('select * from users where id = $1', ['v'])).resolves.toBeDefined();
  });
});
