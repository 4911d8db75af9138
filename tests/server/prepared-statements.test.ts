import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

// PGlite runs in the process and parses nothing over a wire; the pool that prepares statements is PostgreSQL's
describe.skipIf(!process.env.DATABASE_URL)(
  'statements prepared once per PostgreSQL connection (ADR 161)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it("keeps a statement with parameters prepared on its connection, under one name the product's requests reuse", async () => {
      const prepared = await t.app.db.connection().execute(async (db) => {
        for (const email of ['nobody@example.com', 'nobody-else@example.com'])
          await db.selectFrom('users').select('id').where('email', '=', email).execute();
        const { rows } = await sql<{
          name: string;
          statement: string;
        }>`select name, statement from pg_prepared_statements`.execute(db);
        return rows;
      });
      const users = prepared.filter((row) => /from "users" where "email" = \$1/.test(row.statement));
      expect(users).toHaveLength(1);
      expect(users[0]!.name).toMatch(/^q\d+$/);
    });

    it('answers a prepared `select *` again after another instance added a column to its table', async () => {
      const rows = await t.app.db.connection().execute(async (db) => {
        await sql`create table prepared_probe (id int primary key)`.execute(db);
        await sql`insert into prepared_probe (id) values (1)`.execute(db);
        const read = () =>
          sql<Record<string, unknown>>`select * from prepared_probe where id = ${1}`.execute(db);
        await read();
        // a migration of another instance, on a connection of its own
        await sql`alter table prepared_probe add column note text not null default 'added'`.execute(t.app.db);
        return (await read()).rows;
      });
      expect(rows).toEqual([{ id: 1, note: 'added' }]);
      // the connection whose plan went stale was dropped, the next statement runs on a sound one
      const again = await sql<{
        n: number;
      }>`select count(*)::int as n from prepared_probe where id = ${1}`.execute(t.app.db);
      expect(again.rows).toEqual([{ n: 1 }]);
    });
  },
);
