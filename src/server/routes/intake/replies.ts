import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  type IntakeSaveView,
  type IntakeWhereItStands,
  isUuid,
  type SectionState,
} from '../../../shared';
import { notFound } from '../../errors';
import { IntakeConflict, IntakeIncomplete, IntakeSubmitted } from '../../intake/service';
import type { IntakeMeta } from '../../intake/store';

/** An id that cannot exist is simply not found (and never reaches a uuid column). */
export function assertIntakeId(id: string): void {
  if (!isUuid(id)) throw notFound();
}

/** The answer of every save: `{ id, updatedAt, version, status, sectionStates? }`. */
export function savedView(
  record: IntakeMeta & { sectionStates?: Record<string, SectionState> },
): IntakeSaveView {
  return {
    id: record.id,
    updatedAt: record.updatedAt.toISOString(),
    version: record.version,
    status: record.status,
    ...(record.sectionStates ? { sectionStates: record.sectionStates } : {}),
  };
}

const whereItStands = (current: IntakeMeta): IntakeWhereItStands => ({
  updatedAt: current.updatedAt.toISOString(),
  version: current.version,
  status: current.status,
});

/**
 * The intake's own refusals, answered with their extra fields (messages in the `intake` namespace, ADR 031):
 * 409 CONFLICT (another version), 409 INTAKE_SUBMITTED (reopen first, ADR 060), 422 INTAKE_INCOMPLETE (what is
 * missing, per section). Anything else is thrown on to the error handler.
 */
export function sendIntakeError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const t = (key: string) => request.server.engine.t(request.lang, 'intake', key);
  if (error instanceof IntakeConflict) {
    return reply
      .code(409)
      .send({ code: ERROR_CODES.CONFLICT, message: t('api.conflict'), ...whereItStands(error.current) });
  }
  if (error instanceof IntakeSubmitted) {
    return reply.code(409).send({
      code: ERROR_CODES.INTAKE_SUBMITTED,
      message: t('api.submitted'),
      ...whereItStands(error.current),
    });
  }
  if (error instanceof IntakeIncomplete) {
    const fields: Record<string, string> = {};
    for (const [section, own] of Object.entries(error.sections)) {
      for (const [path, message] of Object.entries(own))
        fields[path ? `${section}.${path}` : section] = message;
    }
    return reply.code(422).send({
      code: ERROR_CODES.INTAKE_INCOMPLETE,
      message: t('api.incomplete'),
      sections: error.sections,
      fields,
    });
  }
  throw error;
}
