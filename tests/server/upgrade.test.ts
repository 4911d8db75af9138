import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/server/db/migrations';
import { type ApiSnapshot, apiSnapshot } from '../upgrade/api-snapshot';
import { loadFixture, type OldDatabase } from '../upgrade/harness';
import type { EveryRecord } from './support/every-record';

/**
 * An in-place upgrade from each previous release kept in tests/upgrade/fixtures (ADR 163): its data loaded at its
 * schema version, today's migrations run, today's server started on it; the API must answer what the old release
 * answered about the same data, plus what this release's migrations add on purpose (listed below).
 */
const FIXTURES = 'tests/upgrade/fixtures';
const DATA_KEY = readFileSync(path.join(FIXTURES, 'DATA_KEY'), 'utf8').trim();

interface Kept {
  createdAt: string;
  release: string;
  seeded: EveryRecord;
  api: ApiSnapshot;
}

for (const file of readdirSync(FIXTURES).filter((name) => name.endsWith('.jsonl'))) {
  const kept = JSON.parse(
    readFileSync(path.join(FIXTURES, file.replace(/\.jsonl$/, '.api.json')), 'utf8'),
  ) as Kept;

  describe(`upgrading the data of release ${kept.release} (${file})`, () => {
    let old: OldDatabase & { header: { migrations: string[]; rows: Record<string, number> } };
    let app: FastifyInstance;
    let took: number;
    let now: ApiSnapshot;
    beforeAll(async () => {
      old = await loadFixture(path.join(FIXTURES, file), DATA_KEY);
      took = await old.upgrade();
      // the server reads the day the fixture was made, so links and schedules stand where they stood
      const started = Date.now();
      const then = new Date(kept.createdAt).getTime();
      app = await old.serve({ clock: () => new Date(then + (Date.now() - started)) });
      now = await apiSnapshot(app, kept.seeded.practitioners);
    }, 240_000);
    afterAll(async () => {
      await app?.close();
      await old?.remove();
    });

    it('runs every migration of this release on it', async () => {
      const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
        app.db,
      );
      expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations));
      expect(old.header.migrations.length).toBeLessThan(Object.keys(migrations).length);
      expect(took).toBeGreaterThan(0);
    });

    it('answers through the API what the previous release answered: every record, count and value', () => {
      expect(Object.keys(now)).toEqual(Object.keys(kept.api));
      for (const [read, answer] of Object.entries(kept.api)) {
        if (read.endsWith('GET /links/new-results')) {
          // what needs attention: the old release's list, and the response 018 marks (below)
          const { attention, ...rest } = answer as { attention: Array<{ responseId: string }> };
          expect(now[read], read).toMatchObject(rest);
          const today = (now[read] as { attention: Array<{ responseId: string }> }).attention;
          for (const item of attention) expect(today, read).toContainEqual(expect.objectContaining(item));
          continue;
        }
        expect(now[read], read).toMatchObject(answer as object);
      }
    });

    it("keeps the issue's case: the client's 4 links and 1 schedule", () => {
      const alice = kept.seeded.practitioners[0]!.email;
      const client = kept.seeded.caseClient;
      expect(now[`${alice} GET /clients/${client}/links`]).toHaveLength(4);
      expect(now[`${alice} GET /clients/${client}/schedules`]).toHaveLength(1);
    });

    it('marks a critical answer given before critical answers were marked (migration 018)', () => {
      const alice = kept.seeded.practitioners[0]!.email;
      const before = kept.api[`${alice} GET /links/new-results`] as {
        attention: Array<{ responseId: string }>;
      };
      const after = now[`${alice} GET /links/new-results`] as { attention: Array<{ responseId: string }> };
      expect(before.attention.map((a) => a.responseId)).not.toContain(kept.seeded.unmarkedCritical);
      expect(after.attention.map((a) => a.responseId)).toContain(kept.seeded.unmarkedCritical);
      expect(after.attention).toHaveLength(before.attention.length + 1);
    });

    it('keeps every account in its state, and they log in as before', async () => {
      const { rows } = await sql<{ email: string; status: string; deletion_requested_at: Date | null }>`
        select email, status, deletion_requested_at from users`.execute(app.db);
      const byEmail = new Map(rows.map((row) => [row.email, row]));
      for (const [state, email] of Object.entries(kept.seeded.accounts)) {
        if (state === 'deletion_requested')
          expect(byEmail.get(email)?.deletion_requested_at ?? null).not.toBeNull();
        else expect(byEmail.get(email)?.status, state).toBe(state);
      }
      expect(rows).toHaveLength(old.header.rows.users!);
    });
  });
}
