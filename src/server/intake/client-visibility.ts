import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { assertUuid, notFound } from '../errors';

/*
 * Who sees a client's data (ADR 103): the practitioner who holds the record, while it is not deleted. A
 * client is an intake record (ADR 085); its intake, responses, results, CSV, links and access history are
 * read and written only through this rule, so a deleted record and everything under it answers 404 to its
 * owner too, the same answer as another practitioner's record. Only the account's own export ("download my
 * data"), the respondent link's closing and the purge read past it.
 */

type OnClients = ExpressionBuilder<Database, 'client_intakes'>;

/** The rule on a query of `client_intakes` itself: `.where(visibleClient(practitionerId))`. */
export const visibleClient = (practitionerId: string) => (eb: OnClients) =>
  eb.and([
    eb('client_intakes.practitioner_id', '=', practitionerId),
    eb('client_intakes.deleted_at', 'is', null),
  ]);

/** The ids of the practitioner's visible clients, for a query of a table under them: `intake_id in (...)`. */
export const visibleClientIds = (db: Kysely<Database>, practitionerId: string) =>
  db.selectFrom('client_intakes').select('client_intakes.id').where(visibleClient(practitionerId));

/** The rule in a raw statement on `client_intakes`; `practitioner` is the SQL of the practitioner's id. */
export const visibleClientSql = (practitioner: string) =>
  `client_intakes.practitioner_id = ${practitioner} and client_intakes.deleted_at is null`;

/** The ids of the visible clients in a raw statement on a table under them: `intake_id in ${...}`. */
export const visibleClientIdsSql = (practitioner: string) =>
  `(select client_intakes.id from client_intakes where ${visibleClientSql(practitioner)})`;

/** 404 unless the id names a client the practitioner sees (an id that cannot exist is simply not found). */
export async function assertVisibleClient(
  db: Kysely<Database>,
  practitionerId: string,
  intakeId: string,
): Promise<void> {
  assertUuid(intakeId);
  const row = await visibleClientIds(db, practitionerId)
    .where('client_intakes.id', '=', intakeId)
    .executeTakeFirst();
  if (!row) throw notFound();
}
