import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { vi } from 'vitest';

/**
 * The SQL text of every statement the database received while `fn` ran, on PGlite or PostgreSQL alike:
 * what a request costs in round trips. (Statements inside an explicit PGlite transaction are not seen.)
 */
export async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const onPostgres = vi.spyOn(pg.Client.prototype, 'query');
  const onPglite = vi.spyOn(PGlite.prototype, 'query');
  try {
    await fn();
    const texts = [...onPostgres.mock.calls, ...onPglite.mock.calls].map(([query]) =>
      typeof query === 'string' ? query : (query as { text: string }).text,
    );
    return texts.map((text) => text.replace(/\s+/g, ' ').trim());
  } finally {
    onPostgres.mockRestore();
    onPglite.mockRestore();
  }
}
