import type { FastifyRequest } from 'fastify';
import type { AuditEvent } from './audit-service';

/** One audit entry for what the signed-in practitioner just did, from the request's address. */
export function auditRequest(
  request: FastifyRequest,
  event: Pick<AuditEvent, 'action' | 'clientId' | 'recordType' | 'recordId'>,
): Promise<void> {
  return request.server.services.audit.record({
    ...event,
    actor: { kind: 'practitioner', userId: request.user!.id },
    address: request.ip,
  });
}
