import type { FastifyReply } from 'fastify';
import { type NewSession, SESSION_COOKIE } from '../../auth/sessions';

/** The session also travels as an httpOnly cookie (the client may use either it or the Bearer token). */
export function setSessionCookie(reply: FastifyReply, session: NewSession, remember: boolean) {
  reply.setCookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.publicUrl.startsWith('https:'),
    path: '/api',
    // Without 'remember me' the cookie ends with the browser session.
    maxAge: remember ? session.maxAgeSeconds : undefined,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/api' });
}
