import type { Kysely } from 'kysely';
import {
  type QuestionnaireCatalog,
  type QuestionnaireDefinition,
  scoreAnswers,
  visibleAnswers,
} from '../../forms/questionnaires';
import { isUuid } from '../../shared';
import { createAuditService } from '../audit/audit-service';
import type { DataKeys } from '../crypto/encryption';
import type { Database } from '../db/schema';
import { createIntakeStore } from '../intake/store';
import { createResponseStore } from '../questionnaires/response-store';
import { scoringContextOf } from '../questionnaires/scoring-context';
import { AdminCommandError, type AdminResult } from './admin-result';

/**
 * `rescore <response-id> [<scoring-version>]`: scores a submitted response again with a newer scoring version of
 * its form version (the newest when not named), as a new response that replaces it in results (ADR 109). The old
 * row and its score stay as they were; the audit trail names the operator. No score is printed: it is health data.
 */
export async function rescore(
  ctx: { db: Kysely<Database>; keys: DataKeys; catalog: QuestionnaireCatalog },
  responseId: string | undefined,
  wanted: string | undefined,
): Promise<AdminResult> {
  if (!responseId || !isUuid(responseId))
    throw new AdminCommandError('rescore needs the id of a submitted response (a UUID).');
  if (wanted !== undefined && !/^[1-9][0-9]{0,8}$/.test(wanted))
    throw new AdminCommandError(`"${wanted}" is not a scoring version (a whole number from 1).`);
  const owner = await ctx.db
    .selectFrom('questionnaire_responses')
    .select(['practitioner_id'])
    .where('id', '=', responseId)
    .executeTakeFirst();
  if (!owner) throw new AdminCommandError(`No questionnaire response ${responseId}.`);
  const store = createResponseStore(ctx.db, ctx.keys.encryption);
  const original = (await store.find(owner.practitioner_id, responseId))!;
  const name = `${original.questionnaireId} v${original.questionnaireVersion}`;
  if (original.status !== 'submitted')
    throw new AdminCommandError(
      `${responseId} is a draft: it is scored when submitted, with scoring version ${original.scoringVersion}.`,
    );
  const available = ctx.catalog.has(original.questionnaireId, original.questionnaireVersion)
    ? ctx.catalog.scoringVersions(original.questionnaireId, original.questionnaireVersion)
    : [];
  if (available.length === 0) throw new AdminCommandError(`${name} has no scoring files on this server.`);
  const target = wanted === undefined ? Math.max(...available) : Number(wanted);
  if (!available.includes(target))
    throw new AdminCommandError(
      `${name} has no scoring version ${target} here (available: ${available.join(', ')}).`,
    );
  if (target <= original.scoringVersion)
    throw new AdminCommandError(
      `${responseId} is scored with ${name} scoring ${original.scoringVersion}; rescore only moves to a newer scoring version.`,
    );
  const def: QuestionnaireDefinition = ctx.catalog.get(
    original.questionnaireId,
    original.questionnaireVersion,
    target,
  );
  // a stored score never changes its reading: the context it was scored with is kept (ADR 125)
  const context =
    original.result?.context ??
    scoringContextOf(
      (await createIntakeStore(ctx.db, ctx.keys.encryption).find(owner.practitioner_id, original.intakeId))
        ?.sections.demographics,
      original.respondent,
      original.submittedAt ?? new Date(),
    );
  const result = scoreAnswers(def, visibleAnswers(def, original.answers, context.respondent), context);
  const created = await ctx.db.transaction().execute(async (tx) => {
    const made = await createResponseStore(tx, ctx.keys.encryption).createRescored(original, target, result);
    if (!made) return undefined;
    await createAuditService(tx).record({
      actor: { kind: 'operator', command: 'rescore' },
      practitionerId: owner.practitioner_id,
      action: 'rescore',
      clientId: original.intakeId,
      recordType: 'questionnaire-response',
      recordId: made.id,
      address: null,
    });
    return made;
  });
  if (!created)
    throw new AdminCommandError(
      `${responseId} was already replaced by a correction or an earlier rescore: rescore the newest response instead.`,
    );
  return {
    output: [
      `${responseId} (${name}, scoring ${original.scoringVersion}) is kept as it was.`,
      `${created.id} holds the same answers scored with scoring ${target} and replaces it in results.`,
    ].join('\n'),
  };
}
