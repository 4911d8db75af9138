/**
 * What the API answers about a database's data, read as each practitioner who holds clients: the account, the
 * client lists, each client's record, results, links and schedules, and what needs attention. The upgrade fixture
 * keeps what the previous release answered; the upgrade test reads the upgraded database the same way and compares.
 * Reads only (no response is opened), so reading twice answers the same.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export type ApiSnapshot = Record<string, unknown>;

export async function apiSnapshot(
  app: FastifyInstance,
  practitioners: Array<{ email: string; password: string; clients: string[] }>,
): Promise<ApiSnapshot> {
  const snapshot: ApiSnapshot = {};
  for (const who of practitioners) {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: who.email, password: who.password, rememberMe: false },
    });
    expect(login.statusCode, login.body).toBe(200);
    const headers = { authorization: `Bearer ${login.json().accessToken}` };
    const read = async (url: string) => {
      const res = await app.inject({ method: 'GET', url: `/api${url}`, headers });
      expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
      snapshot[`${who.email} GET ${url}`] = res.json();
    };
    await read('/auth/me');
    await read('/links/new-results');
    await read('/client-intake');
    await read('/clients');
    for (const client of who.clients) {
      await read(`/client-intake/${client}`);
      await read(`/clients/${client}`);
      await read(`/clients/${client}/results`);
      await read(`/clients/${client}/links`);
      await read(`/clients/${client}/schedules`);
    }
  }
  return snapshot;
}
