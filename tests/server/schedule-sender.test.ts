import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { localDate } from '../../src/server/local-time';
import type { MailMessage, MailTransport } from '../../src/server/mail/message';
import { outboxTransport } from '../../src/server/mail/outbox-transport';
import { SENDER_LEASE_SECONDS } from '../../src/server/schedules/schedule-sender';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
import { outbox, payloadOf } from './support/flows';
import {
  captureStream,
  createTestApp,
  RELAXED_LIMITS,
  TEST_HASH_COST,
  type TestApp,
} from './support/test-app';

/**
 * The sender across processes (ADR 128): a run that dies half-way, a new app on the same database, a mail server
 * that is away, and (on PostgreSQL) two instances running at once. Never a second link.
 */
let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let shift = 0;
const clock = () => new Date(Date.now() + shift);
const LATER = (SENDER_LEASE_SECONDS + 60) * 1000;
let mailDown = false;

/** The outbox, or a mail server that is away while `mailDown`. */
const transport = (): MailTransport => ({
  name: 'outbox',
  async send(message: MailMessage) {
    if (mailDown) throw new Error('connect ECONNREFUSED');
    await outboxTransport(app.db).send(message);
  },
});

/** Another instance of the server on the same database and data key, its sender run by hand. */
const instance = () =>
  buildApp({
    config: testApp.config,
    clock,
    scheduleSender: false,
    purgeSchedule: false,
    logger: { level: 'debug', stream: captureStream() },
    unsafeTestHashCost: TEST_HASH_COST,
    limits: RELAXED_LIMITS,
    mailTransport: transport(),
  });

beforeAll(async () => {
  testApp = await createTestApp({
    clock,
    scheduleSender: false,
    purgeSchedule: false,
    mailTransport: transport(),
  });
  app = testApp.app;
  alice = await createPractitioner(app);
});

afterAll(async () => {
  // the restart test replaced the first app (closed by then) with a new one on the same database
  if (app !== testApp?.app) await app?.close();
  await testApp?.close();
});

const api = (method: InjectOptions['method'], url: string, payload?: unknown) =>
  app.inject({ method, url: `/api${url}`, headers: alice.headers, ...payloadOf(method, payload) });

let addresses = 0;
async function dueSchedule() {
  const client = await newClientRecord(app, alice, validSections.demographics);
  const email = `restart${++addresses}@example.com`;
  const res = await api('POST', `/clients/${client}/schedules`, {
    questionnaireId: 'home-routines',
    respondent: 'guardian',
    language: 'en',
    email,
    everyWeeks: 1,
    startOn: localDate(clock()),
    times: 2,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { client, email, occurrenceId: res.json().schedule.occurrences[0].id as string };
}

const linksOf = (client: string) =>
  app.db.selectFrom('respondent_links').select('id').where('intake_id', '=', client).execute();

const occurrence = (id: string) =>
  app.db.selectFrom('schedule_occurrences').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the sender across a restart', () => {
  it('a new app takes over a claim left by a run that died before making the link, after the lease time', async () => {
    const { client, email, occurrenceId } = await dueSchedule();
    const linkId = randomUUID();
    // what a run leaves when the process dies right after its claim
    await app.db
      .updateTable('schedule_occurrences')
      .set({ claimed_at: clock(), link_id: linkId })
      .where('id', '=', occurrenceId)
      .execute();
    await app.close();
    app = await instance();
    try {
      // the claim may still belong to a live run: it is left alone
      expect(await app.services.scheduleSender.run()).toMatchObject({ ran: true, counts: { sent: 0 } });
      expect(await linksOf(client)).toEqual([]);
      shift += LATER;
      expect(await app.services.scheduleSender.run()).toMatchObject({ ran: true, counts: { sent: 1 } });
      expect(await linksOf(client)).toEqual([{ id: linkId }]);
      expect(await outbox(app, email)).toHaveLength(1);
      expect((await occurrence(occurrenceId)).state).toBe('sent');
      await app.services.scheduleSender.run();
      expect(await linksOf(client)).toHaveLength(1);
    } finally {
      shift -= LATER;
    }
  });

  it('a run that failed after making the link (mail server away) mails it later, and never makes a second link', async () => {
    const { client, email, occurrenceId } = await dueSchedule();
    mailDown = true;
    try {
      const failed = await app.services.scheduleSender.run();
      expect(failed).toMatchObject({ ran: true, counts: { sent: 0, failed: 1 } });
    } finally {
      mailDown = false;
    }
    const claimed = await occurrence(occurrenceId);
    expect(claimed.state).toBe('due');
    expect(await linksOf(client)).toEqual([{ id: claimed.link_id }]);
    expect(await outbox(app, email)).toHaveLength(0);
    shift += LATER;
    try {
      expect(await app.services.scheduleSender.run()).toMatchObject({ ran: true, counts: { sent: 1 } });
      expect(await linksOf(client)).toEqual([{ id: claimed.link_id }]);
      const mails = await outbox(app, email);
      expect(mails).toHaveLength(1);
      // the mail's link opens the one link
      const token = mails[0]!.links[0]!.split('/r/')[1];
      expect((await app.inject({ method: 'GET', url: `/api/respond/${token}` })).statusCode).toBe(200);
      expect((await occurrence(occurrenceId)).state).toBe('sent');
      // the link the sender made is in the audit trail once
      const entries = await app.db
        .selectFrom('audit_entries')
        .select('action')
        .where('client_id', '=', client)
        .where('actor_id', '=', 'schedule-sender')
        .execute();
      expect(entries).toEqual([{ action: 'create' }]);
    } finally {
      shift -= LATER;
    }
  });

  it('a database that is away makes the run fail, not the server; the next run catches up', async () => {
    const { client, email } = await dueSchedule();
    // every query of the sender's due occurrences fails as if the database were away
    const original = app.db.selectFrom.bind(app.db);
    app.db.selectFrom = (() => {
      throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    }) as typeof app.db.selectFrom;
    try {
      await expect(app.services.scheduleSender.run()).rejects.toThrow();
    } finally {
      app.db.selectFrom = original;
    }
    expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBeLessThan(500);
    shift += LATER;
    try {
      await app.services.scheduleSender.run();
      expect(await linksOf(client)).toHaveLength(1);
      expect(await outbox(app, email)).toHaveLength(1);
    } finally {
      shift -= LATER;
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('running at once make each link once', async () => {
    const schedules = await Promise.all([dueSchedule(), dueSchedule(), dueSchedule(), dueSchedule()]);
    const other = await instance();
    try {
      const outcomes = await Promise.all([
        app.services.scheduleSender.run(),
        other.services.scheduleSender.run(),
        app.services.scheduleSender.run(),
        other.services.scheduleSender.run(),
      ]);
      const sent = outcomes.reduce((n, o) => n + (o.ran ? o.counts.sent : 0), 0);
      expect(sent).toBe(4);
      for (const { client, email } of schedules) {
        expect(await linksOf(client)).toHaveLength(1);
        expect(await outbox(app, email)).toHaveLength(1);
      }
    } finally {
      await other.close();
    }
  });
});
