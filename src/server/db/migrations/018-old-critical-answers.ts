import { type Kysely, type Migration, sql } from 'kysely';
import { decryptJson, deriveDataKeys } from '../../crypto/encryption';

const PAGE = 500;

/**
 * Responses submitted before migration 009 with a critical answer were never marked: 009 added the attention
 * times, and only submits after it raised them. They are marked now as the rule of ADR 108 marks a submit today
 * (a submitted response whose stored result holds a flag needs attention, raised when it was submitted), and wait
 * as "Needs attention" until opened. No mail goes out for them. The flags are sealed in the result, so this
 * migration reads them with the data key, asked for only when there is a submitted response to read; a response
 * already marked is left as it is, so running it again changes nothing.
 */
export function markOldCriticalAnswers(dataKey: (() => Buffer) | undefined): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      let key: Buffer | undefined;
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const { rows } = await sql<{ id: string; result_encrypted: string }>`
          select id, result_encrypted from questionnaire_responses
          where status = 'submitted' and result_encrypted is not null and attention_raised_at is null
            and id > ${after}
          order by id limit ${PAGE}`.execute(db);
        if (rows.length === 0) return;
        if (!key) {
          if (!dataKey)
            throw new Error('Migration 018 reads sealed questionnaire results: it runs with the data key.');
          key = deriveDataKeys(dataKey()).encryption;
        }
        const flagged = rows
          .filter((row) => {
            let result: { flags?: unknown[] };
            try {
              // the context the response store seals a result with
              result = decryptJson(key!, row.result_encrypted, `questionnaire-response:${row.id}:result`);
            } catch {
              throw new Error(
                `Migration 018 cannot open the result of questionnaire response ${row.id} with the data key in use: ` +
                  'start with the data key this data was sealed with (DATA_DIR/data.key or DATA_KEY).',
              );
            }
            return (result.flags?.length ?? 0) > 0;
          })
          .map((row) => row.id);
        if (flagged.length > 0) {
          await sql`update questionnaire_responses
            set attention_raised_at = coalesce(submitted_at, updated_at)
            where id in (${sql.join(flagged)}) and attention_raised_at is null`.execute(db);
        }
        after = rows.at(-1)!.id;
      }
    },
    // the marks cannot be told from those a submit made: they stay
    async down(): Promise<void> {},
  };
}
