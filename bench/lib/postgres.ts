/**
 * A throw-away PostgreSQL database for one bench run, next to the one DATABASE_URL names (CI points that at
 * its test database; the bench must not leave load-test rows there). Falls back to the given database when
 * the role may not create databases.
 */
import { databaseAt, withClient } from '../../scripts/postgres-client';

export interface BenchDatabase {
  url: string;
  /** True when a database of its own was created (and is dropped by `drop`). */
  own: boolean;
  drop(): Promise<void>;
}

export async function createBenchDatabase(baseUrl: string, suffix: string): Promise<BenchDatabase> {
  const name = `bench_${suffix}_${process.pid}`.replace(/[^a-z0-9_]/gi, '_').toLowerCase();
  try {
    await withClient(baseUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      await client.query(`CREATE DATABASE ${name}`);
    });
  } catch {
    return { url: baseUrl, own: false, drop: async () => undefined };
  }
  return {
    url: databaseAt(baseUrl, name),
    own: true,
    drop: () =>
      withClient(baseUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}
