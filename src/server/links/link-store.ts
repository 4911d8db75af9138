import { CompiledQuery, type Kysely } from 'kysely';
import type { Lang } from '../../forms/types';
import type { LinkRespondent, NewResultsView } from '../../shared';
import { decryptJson, encryptJson } from '../crypto/encryption';
import type { Database } from '../db/schema';
import { visibleClientIds } from '../intake/client-visibility';

export type { LinkRespondent } from '../../shared';

/** A link with its response's status and version (the state is worked out from both). */
export interface LinkRecord {
  id: string;
  practitionerId: string;
  intakeId: string;
  responseId: string;
  respondent: LinkRespondent;
  language: Lang;
  label: string | null;
  email: string | null;
  hasCode: boolean;
  codeHash: string | null;
  codeFailures: number;
  expiresAt: Date;
  openedAt: Date | null;
  revokedAt: Date | null;
  lockedAt: Date | null;
  sentAt: Date | null;
  seenAt: Date | null;
  createdAt: Date;
  questionnaireId: string;
  /** The language the response is filled in: the link's, until the respondent chooses another (ADR 111). */
  responseLanguage: Lang;
  responseStatus: 'draft' | 'submitted';
  responseVersion: number;
  submittedAt: Date | null;
  clientDeletedAt: Date | null;
}

export interface NewLink {
  id: string;
  intakeId: string;
  responseId: string;
  tokenHash: string;
  respondent: LinkRespondent;
  language: Lang;
  label: string | null;
  codeHash: string | null;
  expiresAt: Date;
}

// the id is bound into each ciphertext, so a blob copied onto another row does not decrypt there
const labelContext = (id: string) => `respondent-link:${id}:label`;
const emailContext = (id: string) => `respondent-link:${id}:email`;

/** Counts a wrong code; the link locks at `$2` failures. */
const CODE_FAILED = `update respondent_links set
    code_failures = code_failures + 1,
    locked_at = case when code_failures + 1 >= $2::int then coalesce(locked_at, $3::timestamptz) else locked_at end
  where id = $1::uuid
  returning code_failures, locked_at`;

/**
 * Storage of respondent links: the practitioner's side always applies the client's visibility rule (ADR 103); the
 * public side a token hash.
 */
export function createLinkStore(db: Kysely<Database>, key: Buffer) {
  const select = () =>
    db
      .selectFrom('respondent_links as l')
      .innerJoin('questionnaire_responses as r', 'r.id', 'l.response_id')
      .innerJoin('client_intakes as i', 'i.id', 'l.intake_id')
      .selectAll('l')
      .select([
        'i.deleted_at as client_deleted_at',
        'r.questionnaire_id',
        'r.language as response_language',
        'r.status as response_status',
        'r.version as response_version',
        'r.submitted_at',
      ]);

  type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;

  const recordOf = (row: Row): LinkRecord => ({
    id: row.id,
    practitionerId: row.practitioner_id,
    intakeId: row.intake_id,
    responseId: row.response_id,
    respondent: row.respondent,
    language: row.language,
    label: row.label_encrypted ? decryptJson<string>(key, row.label_encrypted, labelContext(row.id)) : null,
    email: row.email_encrypted ? decryptJson<string>(key, row.email_encrypted, emailContext(row.id)) : null,
    hasCode: row.code_hash !== null,
    codeHash: row.code_hash,
    codeFailures: row.code_failures,
    expiresAt: new Date(row.expires_at),
    openedAt: row.opened_at && new Date(row.opened_at),
    revokedAt: row.revoked_at && new Date(row.revoked_at),
    lockedAt: row.locked_at && new Date(row.locked_at),
    sentAt: row.sent_at && new Date(row.sent_at),
    seenAt: row.seen_at && new Date(row.seen_at),
    createdAt: new Date(row.created_at),
    questionnaireId: row.questionnaire_id,
    responseLanguage: row.response_language,
    responseStatus: row.response_status,
    responseVersion: row.response_version,
    submittedAt: row.submitted_at && new Date(row.submitted_at),
    clientDeletedAt: row.client_deleted_at && new Date(row.client_deleted_at),
  });

  return {
    async create(practitionerId: string, input: NewLink): Promise<void> {
      const id = input.id;
      await db
        .insertInto('respondent_links')
        .values({
          id,
          practitioner_id: practitionerId,
          intake_id: input.intakeId,
          response_id: input.responseId,
          token_hash: input.tokenHash,
          respondent: input.respondent,
          language: input.language,
          label_encrypted: input.label === null ? null : encryptJson(key, input.label, labelContext(id)),
          email_encrypted: null,
          code_hash: input.codeHash,
          expires_at: input.expiresAt,
        })
        .execute();
    },

    /** The practitioner's own link of a client they see (ADR 103); undefined otherwise or for an unknown id. */
    async find(practitionerId: string, id: string): Promise<LinkRecord | undefined> {
      const row = await select()
        .where('l.id', '=', id)
        .where('l.practitioner_id', '=', practitionerId)
        .where('l.intake_id', 'in', visibleClientIds(db, practitionerId))
        .executeTakeFirst();
      return row && recordOf(row);
    },

    /** The link a token opens (by its hash), whoever made it; a deleted client's too, so it closes as revoked. */
    async byTokenHash(tokenHash: string): Promise<LinkRecord | undefined> {
      const row = await select().where('l.token_hash', '=', tokenHash).executeTakeFirst();
      return row && recordOf(row);
    },

    /** The link whose token a reminder replaced (by the old token's hash); undefined for any other hash. */
    async byReplacedTokenHash(tokenHash: string): Promise<LinkRecord | undefined> {
      const row = await select()
        .innerJoin('respondent_link_replaced_tokens as old', 'old.link_id', 'l.id')
        .where('old.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row && recordOf(row);
    },

    /** Every link of the practitioner, a deleted client's included, oldest first: the account archive (ADR 091). */
    async everything(practitionerId: string): Promise<LinkRecord[]> {
      const rows = await select()
        .where('l.practitioner_id', '=', practitionerId)
        .orderBy('l.created_at')
        .orderBy('l.id')
        .execute();
      return rows.map(recordOf);
    },

    /** The links of one client, oldest first. */
    async listForIntake(practitionerId: string, intakeId: string): Promise<LinkRecord[]> {
      const rows = await select()
        .where('l.practitioner_id', '=', practitionerId)
        .where('l.intake_id', '=', intakeId)
        .where('l.intake_id', 'in', visibleClientIds(db, practitionerId))
        .orderBy('l.created_at')
        .orderBy('l.id')
        .execute();
      return rows.map(recordOf);
    },

    /** Submitted responses of links the practitioner has not looked at yet, per client still on the Patients list. */
    async unseenResults(practitionerId: string): Promise<NewResultsView['clients']> {
      const rows = await db
        .selectFrom('respondent_links as l')
        .innerJoin('questionnaire_responses as r', 'r.id', 'l.response_id')
        .select(['l.intake_id'])
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('l.practitioner_id', '=', practitionerId)
        // a deleted client cannot be opened to clear its results, so they would stay new for ever
        .where('l.intake_id', 'in', visibleClientIds(db, practitionerId))
        .where('r.status', '=', 'submitted')
        .where('l.seen_at', 'is', null)
        .groupBy('l.intake_id')
        .execute();
      return rows.map((row) => ({ clientId: row.intake_id, count: Number(row.count) }));
    },

    /** Marks the submitted results of a client's links as seen. */
    async markSeen(practitionerId: string, intakeId: string, now: Date): Promise<void> {
      await db
        .updateTable('respondent_links')
        .set({ seen_at: now })
        .where('practitioner_id', '=', practitionerId)
        .where('intake_id', '=', intakeId)
        .where('intake_id', 'in', visibleClientIds(db, practitionerId))
        .where('seen_at', 'is', null)
        .where('response_id', 'in', (eb) =>
          eb.selectFrom('questionnaire_responses').select('id').where('status', '=', 'submitted'),
        )
        .execute();
    },

    async markOpened(id: string, now: Date): Promise<void> {
      await db
        .updateTable('respondent_links')
        .set({ opened_at: now })
        .where('id', '=', id)
        .where('opened_at', 'is', null)
        .execute();
    },

    async revoke(practitionerId: string, id: string, now: Date): Promise<void> {
      await db
        .updateTable('respondent_links')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('practitioner_id', '=', practitionerId)
        .where('intake_id', 'in', visibleClientIds(db, practitionerId))
        .where('revoked_at', 'is', null)
        .execute();
    },

    /**
     * A new token (the old one stops opening, its hash kept as replaced), a new expiry and where the link was
     * mailed; false if not found.
     */
    async reissue(
      practitionerId: string,
      id: string,
      input: { tokenHash: string; expiresAt: Date; email: string; sentAt: Date },
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        await tx
          .insertInto('respondent_link_replaced_tokens')
          .columns(['token_hash', 'link_id', 'replaced_at'])
          .expression((eb) =>
            eb
              .selectFrom('respondent_links')
              .select((s) => ['token_hash', 'id', s.val(input.sentAt).as('replaced_at')])
              .where('id', '=', id)
              .where('practitioner_id', '=', practitionerId)
              .where('intake_id', 'in', visibleClientIds(tx, practitionerId)),
          )
          .execute();
        const result = await tx
          .updateTable('respondent_links')
          .set({
            token_hash: input.tokenHash,
            expires_at: input.expiresAt,
            email_encrypted: encryptJson(key, input.email, emailContext(id)),
            sent_at: input.sentAt,
          })
          .where('id', '=', id)
          .where('practitioner_id', '=', practitionerId)
          .where('intake_id', 'in', visibleClientIds(tx, practitionerId))
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0;
      });
    },

    /** Counts a wrong code; answers the failures so far and whether the link is now locked. */
    async codeFailed(id: string, maxFailures: number, now: Date) {
      const { rows } = await db.executeQuery<{ code_failures: number; locked_at: Date | null }>(
        CompiledQuery.raw(CODE_FAILED, [id, maxFailures, now]),
      );
      return { failures: rows[0]?.code_failures ?? maxFailures, locked: Boolean(rows[0]?.locked_at) };
    },
  };
}

export type LinkStore = ReturnType<typeof createLinkStore>;
