import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../errors';
import type { IntakeConflict } from '../../intake/service';
import type { IntakeMeta } from '../../intake/store';
import { UUID } from './schemas';

/** An id that cannot exist is simply not found (and never reaches a uuid column). */
export function assertIntakeId(id: string): void {
  if (!UUID.test(id)) throw notFound();
}

/** The answer of every save: `{ id, updatedAt, version, status }`. */
export function savedView(record: IntakeMeta) {
  return {
    id: record.id,
    updatedAt: record.updatedAt.toISOString(),
    version: record.version,
    status: record.status,
  };
}

/** 409 CONFLICT with where the record is now, so the client can offer to reload or overwrite. */
export function sendConflict(request: FastifyRequest, reply: FastifyReply, conflict: IntakeConflict) {
  return reply.code(409).send({
    code: 'CONFLICT',
    message: request.server.engine.t(request.lang, 'intake', 'api.conflict'),
    updatedAt: conflict.current.updatedAt.toISOString(),
    version: conflict.current.version,
    status: conflict.current.status,
  });
}
