import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveDataKeys, encryptJson } from '../../src/server/crypto/encryption';
import { migrations } from '../../src/server/db/migrations';
import { atVersion, type OldDatabase } from '../upgrade/harness';

const dataKey = randomBytes(32).toString('hex');
const key = deriveDataKeys(Buffer.from(dataKey, 'hex')).encryption;
let old: OldDatabase;
const practitioner = randomUUID();
const client = randomUUID();
const migration = migrations['019-response-alerts']!;

/** A submitted response as releases before 019 kept it: its attention times on the row. */
async function response(raisedAt: Date | null, seenAt: Date | null) {
  const id = randomUUID();
  await sql`insert into questionnaire_responses (id, practitioner_id, intake_id, questionnaire_id,
      questionnaire_version, scoring_version, language, status, answers_encrypted, result_encrypted, submitted_at,
      attention_raised_at, attention_seen_at)
    values (${id}, ${practitioner}, ${client}, 'everyday-feelings', 1, 1, 'en', 'submitted',
      ${encryptJson(key, {}, `questionnaire-response:${id}:answers`)},
      ${encryptJson(key, { scales: [], flags: [] }, `questionnaire-response:${id}:result`)},
      ${new Date('2026-10-01T09:30:00Z')}, ${raisedAt}, ${seenAt})`.execute(old.db);
  return id;
}

beforeAll(async () => {
  old = await atVersion('018-old-critical-answers', dataKey);
  await sql`insert into users (id, email, password_hash, first_name, last_name, terms_accepted_at, privacy_accepted_at)
    values (${practitioner}, 'alerts@example.com', 'x', 'Old', 'Release', now(), now())`.execute(old.db);
  await sql`insert into client_intakes (id, practitioner_id, data_encrypted, summary_encrypted)
    values (${client}, ${practitioner}, null, 'sealed')`.execute(old.db);
}, 120_000);
afterAll(async () => {
  await old?.remove();
});

describe('migration 019: responses that needed attention become alerts', () => {
  it('makes a waiting response one open urgent alert, an opened one a seen alert, mails neither again, and can go back', async () => {
    const raised = new Date('2026-11-30T08:00:00Z');
    const seen = new Date('2026-11-30T10:00:00Z');
    const waiting = await response(raised, null);
    const opened = await response(raised, seen);
    const calm = await response(null, null);

    await migration.up(old.db);
    const { rows } = await sql<Record<string, unknown>>`select response_id, flag_id, level, state, raised_at,
        mailed_at, handled_at, note_encrypted from response_alerts order by raised_at, state`.execute(old.db);
    expect(rows).toEqual([
      {
        response_id: waiting,
        flag_id: null,
        level: 'urgent',
        state: 'open',
        raised_at: raised,
        mailed_at: raised,
        handled_at: null,
        note_encrypted: null,
      },
      {
        response_id: opened,
        flag_id: null,
        level: 'urgent',
        state: 'seen',
        raised_at: raised,
        mailed_at: raised,
        handled_at: seen,
        note_encrypted: null,
      },
    ]);
    expect(rows.map((r) => r.response_id)).not.toContain(calm);

    await migration.down!(old.db);
    const { rows: back } = await sql<{ id: string; raised: Date | null; seen: Date | null }>`
      select id, attention_raised_at as raised, attention_seen_at as seen from questionnaire_responses`.execute(
      old.db,
    );
    expect(new Map(back.map((r) => [r.id, [r.raised, r.seen]]))).toEqual(
      new Map([
        [waiting, [raised, null]],
        [opened, [raised, seen]],
        [calm, [null, null]],
      ]),
    );
  });
});
