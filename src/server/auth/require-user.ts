import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, mayOpenClientData } from '../../shared';
import { AppError, unauthorized } from '../errors';
import { SESSION_COOKIE } from './sessions';

/** The session token from `Authorization: Bearer <token>` or, failing that, the httpOnly session cookie. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,100})\s*$/i.exec(header);
    if (match) return match[1];
  }
  const cookie = request.cookies?.[SESSION_COOKIE];
  return cookie && /^[A-Za-z0-9_-]{20,100}$/.test(cookie) ? cookie : undefined;
}

/** preHandler: a live session is required; sets request.user. Anything else is 401 UNAUTHORIZED. */
export async function requireUser(
  this: unknown,
  request: FastifyRequest,
  _reply?: FastifyReply,
): Promise<void> {
  const token = sessionTokenOf(request);
  if (!token) throw unauthorized();
  const { sessions } = request.server;
  const user = await sessions.resolveUser(token);
  if (!user) throw unauthorized();
  if (user.status === 'suspended' || user.deletion_requested_at !== null) {
    await sessions.revoke(token);
    throw unauthorized();
  }
  request.user = user;
  request.sessionToken = token;
}

/** preHandler: requireUser, plus a verified e-mail when the configuration requires verification. */
export async function requireVerifiedUser(request: FastifyRequest, reply?: FastifyReply): Promise<void> {
  await requireUser(request, reply);
  if (request.server.config.requireEmailVerification && request.user?.email_verified_at === null) {
    throw new AppError(403, ERROR_CODES.EMAIL_NOT_VERIFIED, 'auth.emailNotVerified');
  }
}

/**
 * preHandler of every client-data route (intake records, clients, responses, results, respondent links, access
 * history): requireVerifiedUser, plus approved credentials when REQUIRE_APPROVAL is on (ADR 105). Account
 * routes (profile, sign-up steps, settings, data download, deletion) keep requireUser.
 */
export async function requireApprovedUser(request: FastifyRequest, reply?: FastifyReply): Promise<void> {
  await requireVerifiedUser(request, reply);
  if (!mayOpenClientData(request.user!.status, request.server.config.requireApproval)) {
    throw new AppError(403, ERROR_CODES.ACCOUNT_NOT_APPROVED, 'auth.accountNotApproved');
  }
}
