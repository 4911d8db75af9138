import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keyedHash } from '../crypto/encryption';

/** Names the account whose deletion this browser asked for; the sign-out ended its session (ADR 112). */
export const DELETION_NOTICE_COOKIE = 'deletion_notice';
const PATH = '/api/account';

/** The cookie's value: the account id and its HMAC, so no other account's date can be asked for. */
function sign(key: Buffer, userId: string): string {
  return `${userId}.${keyedHash(key, userId)}`;
}

/** Set with the sign-out of 'Delete my account', for as long as the deletion can still be cancelled. */
export function setDeletionNotice(
  reply: FastifyReply,
  key: Buffer,
  userId: string,
  dueAt: Date,
  now = new Date(),
) {
  reply.setCookie(DELETION_NOTICE_COOKIE, sign(key, userId), {
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.publicUrl.startsWith('https:'),
    path: PATH,
    maxAge: Math.max(0, Math.ceil((dueAt.getTime() - now.getTime()) / 1000)),
  });
}

/** The account id the request's cookie names, when its signature holds. */
export function deletionNoticeOf(request: FastifyRequest, key: Buffer): string | undefined {
  const value = request.cookies[DELETION_NOTICE_COOKIE];
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot <= 0) return undefined;
  const userId = value.slice(0, dot);
  const expected = Buffer.from(sign(key, userId));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
}
