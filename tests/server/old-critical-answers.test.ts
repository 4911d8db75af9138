import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveDataKeys, encryptJson } from '../../src/server/crypto/encryption';
import { markOldCriticalAnswers } from '../../src/server/db/migrations/018-old-critical-answers';
import { atVersion, type OldDatabase } from '../upgrade/harness';

const dataKey = randomBytes(32).toString('hex');
const key = deriveDataKeys(Buffer.from(dataKey, 'hex')).encryption;
let old: OldDatabase;
const practitioner = randomUUID();
const client = randomUUID();

interface Given {
  status: 'draft' | 'submitted';
  flags: number;
  raisedAt?: Date;
  seenAt?: Date;
}

/** A response as a release before 009 stored it: its result sealed, its attention times unset unless given. */
async function response(given: Given) {
  const id = randomUUID();
  const submittedAt = new Date('2026-10-01T09:30:00Z');
  const result = {
    scales: [],
    flags: Array.from({ length: given.flags }, (_, i) => ({ id: `flag${i}`, item: 'm6', scale: '' })),
  };
  await sql`insert into questionnaire_responses (id, practitioner_id, intake_id, questionnaire_id,
      questionnaire_version, scoring_version, language, status, answers_encrypted, result_encrypted, submitted_at,
      attention_raised_at, attention_seen_at)
    values (${id}, ${practitioner}, ${client}, 'everyday-feelings', 1, 1, 'en', ${given.status},
      ${encryptJson(key, {}, `questionnaire-response:${id}:answers`)},
      ${given.status === 'submitted' ? encryptJson(key, result, `questionnaire-response:${id}:result`) : null},
      ${given.status === 'submitted' ? submittedAt : null}, ${given.raisedAt ?? null}, ${given.seenAt ?? null})`.execute(
    old.db,
  );
  return id;
}

async function marks() {
  const { rows } = await sql<{ id: string; raised: Date | null; seen: Date | null }>`
    select id, attention_raised_at as raised, attention_seen_at as seen from questionnaire_responses`.execute(
    old.db,
  );
  return new Map(rows.map((row) => [row.id, { raised: row.raised && new Date(row.raised), seen: row.seen }]));
}

beforeAll(async () => {
  old = await atVersion('017-measurement-schedules', dataKey);
  await sql`insert into users (id, email, password_hash, first_name, last_name, terms_accepted_at, privacy_accepted_at)
    values (${practitioner}, 'old@example.com', 'x', 'Old', 'Release', now(), now())`.execute(old.db);
  await sql`insert into client_intakes (id, practitioner_id, data_encrypted, summary_encrypted)
    values (${client}, ${practitioner}, null, 'sealed')`.execute(old.db);
}, 120_000);
afterAll(async () => {
  await old?.remove();
});

describe('migration 018: critical answers given before 009 are marked as the rule marks them today', () => {
  it('marks submitted flagged responses, raised when submitted, and nothing else; again, it changes nothing', async () => {
    const flagged = await response({ status: 'submitted', flags: 1 });
    const twoFlags = await response({ status: 'submitted', flags: 2 });
    const calm = await response({ status: 'submitted', flags: 0 });
    const draft = await response({ status: 'draft', flags: 0 });
    const raisedAt = new Date('2026-11-30T08:00:00Z');
    const seenAt = new Date('2026-11-30T10:00:00Z');
    const alreadySeen = await response({ status: 'submitted', flags: 1, raisedAt, seenAt });

    const migration = markOldCriticalAnswers(() => Buffer.from(dataKey, 'hex'));
    await migration.up(old.db);
    const after = await marks();
    expect(after.get(flagged)).toEqual({ raised: new Date('2026-10-01T09:30:00Z'), seen: null });
    expect(after.get(twoFlags)?.raised).toEqual(new Date('2026-10-01T09:30:00Z'));
    expect(after.get(calm)).toEqual({ raised: null, seen: null });
    expect(after.get(draft)).toEqual({ raised: null, seen: null });
    expect(after.get(alreadySeen)?.raised).toEqual(raisedAt);
    expect(after.get(alreadySeen)?.seen).not.toBeNull();

    // idempotent: a second run finds nothing to mark and leaves every mark as it was
    await migration.up(old.db);
    expect(await marks()).toEqual(after);
    // and needs no data key once nothing is left unread: only the unflagged responses are read again
    await sql`delete from questionnaire_responses where id in (${calm})`.execute(old.db);
    await expect(markOldCriticalAnswers(undefined).up(old.db)).resolves.toBeUndefined();
  });

  it('refuses to run without the data key while a submitted response waits to be read', async () => {
    const waiting = await response({ status: 'submitted', flags: 0 });
    await expect(markOldCriticalAnswers(undefined).up(old.db)).rejects.toThrow(/runs with the data key/);
    await sql`delete from questionnaire_responses where id = ${waiting}`.execute(old.db);
  });
});
