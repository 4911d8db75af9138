/**
 * One connection to a PostgreSQL server for a piece of set-up (a database made or dropped, a backend ended), for the
 * tests and the bench alike: connected, used, always ended.
 */
import pg from 'pg';

export async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** `url` with its database replaced by `name`: another database of the same server, same user and options. */
export function databaseAt(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}
