import type { Kysely } from 'kysely';
import type { NewResultsView } from '../../shared';
import type { Config } from '../config';
import type { Database } from '../db/schema';
import { asLang, type Translator } from '../i18n';
import { visibleClientIds } from '../intake/client-visibility';
import type { Mailer } from '../mail/mailer';
import { responseAttentionMail } from '../mail/templates';

export interface AttentionDeps {
  db: Kysely<Database>;
  mailer: Mailer;
  mailT: Translator;
  config: Pick<Config, 'publicUrl' | 'productName' | 'supportEmail'>;
}

/**
 * Critical answers acted on (ADR 108): a submitted response whose result raised a flag needs the practitioner's
 * attention until they open it, and they are mailed at once, in their account's language, without a word of the
 * response itself.
 */
export function createAttention({ db, mailer, mailT, config }: AttentionDeps) {
  return {
    /** Marks a flagged response as needing attention and queues the practitioner's mail (once per response). */
    async raise(practitionerId: string, responseId: string): Promise<void> {
      const raised = await db
        .updateTable('questionnaire_responses')
        .set({ attention_raised_at: new Date() })
        .where('id', '=', responseId)
        .where('practitioner_id', '=', practitionerId)
        .where('status', '=', 'submitted')
        .where('attention_raised_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!raised) return;
      const user = await db
        .selectFrom('users')
        .select(['email', 'first_name', 'language'])
        .where('id', '=', practitionerId)
        .executeTakeFirstOrThrow();
      const ctx = {
        t: mailT,
        lang: asLang(user.language),
        productName: config.productName,
        supportEmail: config.supportEmail,
      };
      // the dashboard is where the response waits; the link carries nothing that names it
      await mailer.send(
        responseAttentionMail(
          ctx,
          { email: user.email, firstName: user.first_name },
          `${config.publicUrl}/dashboard`,
        ),
        practitionerId,
      );
    },

    /** The practitioner's responses still needing attention, oldest first, of clients still on the list. */
    async pending(practitionerId: string): Promise<NewResultsView['attention']> {
      const rows = await db
        .selectFrom('questionnaire_responses as r')
        .select(['r.id', 'r.intake_id'])
        .where('r.practitioner_id', '=', practitionerId)
        // the clients the practitioner sees (ADR 103): a deleted client's response could never be opened
        .where('r.intake_id', 'in', visibleClientIds(db, practitionerId))
        .where('r.attention_raised_at', 'is not', null)
        .where('r.attention_seen_at', 'is', null)
        .orderBy('r.attention_raised_at')
        .orderBy('r.id')
        .execute();
      return rows.map((row) => ({ clientId: row.intake_id, responseId: row.id }));
    },

    /** The practitioner opened the response: true when it was waiting for attention (and no longer is). */
    async open(practitionerId: string, responseId: string): Promise<boolean> {
      const seen = await db
        .updateTable('questionnaire_responses')
        .set({ attention_seen_at: new Date() })
        .where('id', '=', responseId)
        .where('practitioner_id', '=', practitionerId)
        .where('attention_raised_at', 'is not', null)
        .where('attention_seen_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return seen !== undefined;
    },
  };
}

export type Attention = ReturnType<typeof createAttention>;
