import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/server/db/migrations';
import { migrate } from '../../src/server/db/open-database';
import { createTestApp, type TestApp } from './support/test-app';

/** Counts the statements sent to the database. */
function counter() {
  const plugin: KyselyPlugin & { count: number } = {
    count: 0,
    transformQuery(args) {
      plugin.count++;
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  return plugin;
}

describe('migrations at start-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ logger: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('costs a restart two statements when every migration has run (no Migrator look-ups)', async () => {
    const statements = counter();
    await migrate(t.app.db.withPlugin(statements));
    expect(statements.count).toBe(2);
  });

  it('still refuses a database that ran a migration this version does not know', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('999-from-a-newer-version', '2026-01-01T00:00:00.000Z')`.execute(
      t.app.db,
    );
    try {
      await expect(migrate(t.app.db)).rejects.toThrow(/999-from-a-newer-version/);
    } finally {
      await sql`delete from kysely_migration where name = '999-from-a-newer-version'`.execute(t.app.db);
    }
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      t.app.db,
    );
    expect(rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });
});
