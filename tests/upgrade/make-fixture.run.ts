/**
 * Makes the upgrade fixture with the code of a previous release: `scripts/make-upgrade-fixture.sh <commit>` copies
 * this file, the seed and the snapshot into a worktree of that commit and runs it there with vitest (see
 * tests/upgrade/README.md). It fills a database through that release's API with every kind of record, reads what
 * that release's API answers about it, and writes both into FIXTURE_OUT: NAME.jsonl (the rows, in the backup's
 * line format) and NAME.api.json.
 */
import { writeFileSync } from 'node:fs';
import { CompiledQuery, sql } from 'kysely';
import { expect, it } from 'vitest';
import { backupPlan } from '../../src/server/admin/backup-tables';
import { seedEveryRecord } from '../server/support/every-record';
import { createTestApp } from '../server/support/test-app';
import { apiSnapshot } from './api-snapshot';

it('makes the upgrade fixture', async () => {
  const out = process.env.FIXTURE_OUT;
  const dataKey = process.env.FIXTURE_DATA_KEY;
  expect(out, 'FIXTURE_OUT names the fixture to write (a path without extension)').toBeTruthy();
  expect(dataKey).toMatch(/^[0-9a-f]{64}$/);
  const t = await createTestApp({ env: { DATA_KEY: dataKey! }, scheduleSender: false, purgeSchedule: false });
  try {
    const seeded = await seedEveryRecord(t.app, () => t.app.services.scheduleSender.run());
    const api = await apiSnapshot(t.app, seeded.practitioners);
    const lines: string[] = [];
    const rows: Record<string, number> = {};
    const { rows: ran } = await sql<{
      name: string;
    }>`select name from kysely_migration order by name`.execute(t.app.db);
    for (const plan of await backupPlan(t.app.db)) {
      const order = plan.primaryKey.map((c) => `t."${c}"`).join(', ');
      const { rows: found } = await t.app.db.executeQuery<{ r: unknown }>(
        CompiledQuery.raw(`select to_jsonb(t) as r from "${plan.name}" t order by ${order}`),
      );
      rows[plan.name] = found.length;
      for (const row of found) lines.push(JSON.stringify({ t: plan.name, r: row.r }));
    }
    const header = {
      format: 'psychologist-platform-backup',
      version: 2,
      createdAt: new Date().toISOString(),
      migrations: ran.map((row) => row.name),
      rows,
    };
    writeFileSync(`${out}.jsonl`, `${[JSON.stringify(header), ...lines].join('\n')}\n`);
    writeFileSync(
      `${out}.api.json`,
      `${JSON.stringify({ createdAt: header.createdAt, release: process.env.FIXTURE_RELEASE, seeded, api }, null, 1)}\n`,
    );
  } finally {
    await t.close();
  }
}, 600_000);
