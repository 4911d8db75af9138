import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RETENTION } from '../../src/server/config';
import { localDate } from '../../src/server/local-time';
import { runPurge } from '../../src/server/privacy/purge-job';
import { addDays } from '../../src/server/schedules/plan';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
import { HOME_ROUTINES_ANSWERS } from '../fixtures/questionnaires/home-routines-answers';
import { STRONG_PASSWORD } from './support/fixtures';
import { outbox, payloadOf } from './support/flows';
import { readZip } from './support/read-zip';
import { createTestApp, type TestApp } from './support/test-app';

const DAY = 24 * 60 * 60 * 1000;
let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let bob: Practitioner;
// the clock the app reads; a test moves it forward to reach the next day, a reminder or an expiry
let shift = 0;
const clock = () => new Date(Date.now() + shift);
const today = () => localDate(clock());

beforeAll(async () => {
  // the sender runs only when a test runs it, on the moved clock
  testApp = await createTestApp({ clock, scheduleSender: false, purgeSchedule: false });
  app = testApp.app;
  alice = await createPractitioner(app);
  bob = await createPractitioner(app);
});

afterAll(async () => {
  await testApp?.close();
});

function api(who: Practitioner, on = app) {
  return (method: InjectOptions['method'], url: string, payload?: unknown) =>
    on.inject({ method, url: `/api${url}`, headers: who.headers, ...payloadOf(method, payload) });
}

let clients = 0;
/** A client of the practitioner, with names nobody else in the test carries. */
const newClient = (who = alice) =>
  newClientRecord(app, who, { ...validSections.demographics, clientFirstName: `Deniz${++clients}` });

let addresses = 0;
const newAddress = () => `guardian${++addresses}@example.com`;

async function newSchedule(clientId: string, extra: Record<string, unknown> = {}, who = alice) {
  const email = (extra.email as string) ?? newAddress();
  const res = await api(who)('POST', `/clients/${clientId}/schedules`, {
    questionnaireId: 'home-routines',
    respondent: 'guardian',
    language: 'tr',
    email,
    everyWeeks: 2,
    startOn: today(),
    times: 3,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...(res.json() as { schedule: Schedule; code: string | null }), email };
}

interface Occurrence {
  id: string;
  scheduleId: string;
  dueOn: string;
  state: string;
  linkId: string | null;
  responseId: string | null;
  sentAt: string | null;
  remindedAt: string | null;
}
interface Schedule {
  id: string;
  state: string;
  nextDueOn: string | null;
  occurrences: Occurrence[];
}

async function scheduleOf(clientId: string, id: string, who = alice): Promise<Schedule> {
  const res = await api(who)('GET', `/clients/${clientId}/schedules`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Schedule[]).find((s) => s.id === id)!;
}

const run = async (on = app) => {
  const outcome = await on.services.scheduleSender.run();
  expect(outcome.ran).toBe(true);
  return outcome.ran ? outcome.counts : undefined;
};

const mailsTo = (to: string, on = app) => outbox(on, to);

async function linksOf(clientId: string) {
  return app.db
    .selectFrom('respondent_links')
    .select(['id', 'response_id'])
    .where('intake_id', '=', clientId)
    .execute();
}

const tokenIn = (link: string) => link.split('/r/')[1]!;

/** A rule of given days, counted from today. */
const byDates = (...offsets: number[]) => ({
  everyWeeks: undefined,
  startOn: undefined,
  times: undefined,
  dates: offsets.map((n) => addDays(today(), n)),
});

describe('POST /api/clients/:id/schedules', () => {
  it('stores every planned day at once, the address and the code sealed, and answers the code once', async () => {
    const client = await newClient();
    const { schedule, code, email } = await newSchedule(client, { withCode: true });
    expect(code).toMatch(/^\d{6}$/);
    expect(schedule.state).toBe('active');
    expect(schedule.occurrences.map((o) => [o.dueOn, o.state])).toEqual([
      [today(), 'due'],
      [addDays(today(), 14), 'due'],
      [addDays(today(), 28), 'due'],
    ]);
    expect(schedule.nextDueOn).toBe(today());
    const row = await app.db
      .selectFrom('measurement_schedules')
      .selectAll()
      .where('id', '=', schedule.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(email);
    expect(JSON.stringify(row)).not.toContain(code);
    const listed = await api(alice)('GET', `/clients/${client}/schedules`);
    expect(listed.body).not.toContain(code);
    expect(listed.json()[0].hasCode).toBe(true);
  });

  it('plans given dates in order and stops at `until`', async () => {
    const client = await newClient();
    const dates = [addDays(today(), 10), addDays(today(), 3), addDays(today(), 30)];
    const { schedule } = await newSchedule(client, {
      everyWeeks: undefined,
      startOn: undefined,
      times: undefined,
      dates,
      until: addDays(today(), 20),
    });
    expect(schedule.occurrences.map((o) => o.dueOn)).toEqual([addDays(today(), 3), addDays(today(), 10)]);
  });

  it.each([
    ['both a repeat and dates', { dates: ['2099-01-01'] }, ['dates']],
    ['neither a repeat nor dates', { everyWeeks: undefined, startOn: undefined }, ['everyWeeks']],
    ['a repeat without a first day', { startOn: undefined }, ['startOn']],
    ['a repeat without an end', { times: undefined }, ['until']],
    ['both an end date and times', { until: '2099-01-01' }, ['times']],
    ['a first day in the past', { startOn: '2020-01-06' }, ['startOn']],
    ['an end before the start', { times: undefined, until: '2020-01-01' }, ['until']],
    ['more than 260 sendings', { everyWeeks: 1, times: undefined, until: '2099-01-01' }, ['until']],
    ['a day that does not exist', { startOn: '2099-02-30' }, ['startOn']],
  ])('answers 400 naming the field for %s', async (_, extra, fields) => {
    const client = await newClient();
    const res = await api(alice)('POST', `/clients/${client}/schedules`, {
      questionnaireId: 'home-routines',
      respondent: 'guardian',
      language: 'en',
      email: 'x@example.com',
      everyWeeks: 2,
      startOn: today(),
      times: 3,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().fields)).toEqual(fields);
    expect((await api(alice)('GET', `/clients/${client}/schedules`)).json()).toEqual([]);
  });

  it('answers 400 for a respondent the questionnaire does not offer and without an address', async () => {
    const client = await newClient();
    const base = {
      questionnaireId: 'home-routines',
      language: 'en',
      everyWeeks: 1,
      startOn: today(),
      times: 2,
    };
    const teacher = await api(alice)('POST', `/clients/${client}/schedules`, {
      ...base,
      respondent: 'self',
      email: 'x@example.com',
    });
    expect(teacher.statusCode).toBe(400);
    expect(Object.keys(teacher.json().fields)).toEqual(['respondent']);
    const noMail = await api(alice)('POST', `/clients/${client}/schedules`, {
      ...base,
      respondent: 'guardian',
    });
    expect(noMail.statusCode).toBe(400);
  });

  it('answers 409 AGE_OUTSIDE_RANGE like a link, and makes it when the practitioner confirms', async () => {
    const born = new Date();
    born.setUTCFullYear(born.getUTCFullYear() - 15);
    const client = await newClientRecord(app, alice, {
      ...validSections.demographics,
      birthDate: born.toISOString().slice(0, 10),
    });
    const body = {
      questionnaireId: 'home-routines',
      respondent: 'guardian',
      language: 'en',
      email: 'x@example.com',
      everyWeeks: 1,
      startOn: today(),
      times: 2,
    };
    const refused = await api(alice)('POST', `/clients/${client}/schedules`, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('AGE_OUTSIDE_RANGE');
    expect((await api(alice)('GET', `/clients/${client}/schedules`)).json()).toEqual([]);
    const made = await api(alice)('POST', `/clients/${client}/schedules`, { ...body, ageOverride: true });
    expect(made.statusCode, made.body).toBe(201);
    const actions = await app.db
      .selectFrom('audit_entries')
      .select('action')
      .where('record_id', '=', made.json().schedule.id)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['create', 'override-age']);
  });

  it("answers 404 for another practitioner's client, and its schedules stay out of reach", async () => {
    const client = await newClient();
    const { schedule } = await newSchedule(client);
    const res = await api(bob)('POST', `/clients/${client}/schedules`, {
      questionnaireId: 'home-routines',
      respondent: 'guardian',
      language: 'en',
      email: 'x@example.com',
      everyWeeks: 1,
      startOn: today(),
      times: 2,
    });
    expect(res.statusCode).toBe(404);
    expect((await api(bob)('GET', `/clients/${client}/schedules`)).statusCode).toBe(404);
    for (const change of ['pause', 'resume', 'stop'])
      expect((await api(bob)('POST', `/schedules/${schedule.id}/${change}`)).statusCode).toBe(404);
    expect((await api(bob)('POST', `/occurrences/${schedule.occurrences[0]!.id}/cancel`)).statusCode).toBe(
      404,
    );
    expect((await api(bob)('GET', '/schedules/due')).json()).toEqual([]);
    // and nothing of Alice's was changed
    expect((await scheduleOf(client, schedule.id)).state).toBe('active');
  });
});

describe('the sender', () => {
  it('sends a due occurrence once: the link exists, the mail is in the outbox, a second run sends nothing', async () => {
    const client = await newClient();
    const { schedule, email } = await newSchedule(client, { withCode: true });
    await run();
    const after = await scheduleOf(client, schedule.id);
    const [first, second] = after.occurrences;
    expect(first!.state).toBe('sent');
    expect(first!.linkId).not.toBeNull();
    expect(second!.state).toBe('due');
    expect(after.nextDueOn).toBe(second!.dueOn);
    const links = await linksOf(client);
    expect(links.map((l) => l.id)).toEqual([first!.linkId]);
    expect(links[0]!.response_id).toBe(first!.responseId);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(['respondentLink']);
    // the link's language, and a code is asked (the schedule's)
    expect(mails[0]!.subject).toContain('rica ediyor');
    expect(mails[0]!.text).toContain('6 haneli');
    await run();
    expect(await linksOf(client)).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
    // the sender's link is an audit entry of the system, not of the practitioner
    const entry = await app.db
      .selectFrom('audit_entries')
      .select(['actor_kind', 'actor_id', 'action', 'client_id'])
      .where('record_id', '=', first!.responseId)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({
      actor_kind: 'operator',
      actor_id: 'schedule-sender',
      action: 'create',
      client_id: client,
    });
  });

  it('asks every link of a schedule for the same code', async () => {
    const client = await newClient();
    const { schedule, code, email } = await newSchedule(client, { withCode: true, ...byDates(0, 2) });
    await run();
    shift += 2 * DAY;
    try {
      await run();
      const sent = (await scheduleOf(client, schedule.id)).occurrences.filter((o) => o.state === 'sent');
      expect(sent).toHaveLength(2);
      for (const mail of (await mailsTo(email)).slice(0, 2)) {
        const token = tokenIn(mail.links[0]!);
        const res = await app.inject({
          method: 'GET',
          url: `/api/respond/${token}`,
          headers: { 'x-link-code': code! },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    } finally {
      shift -= 2 * DAY;
    }
  });

  it('sends nothing before the day, and the next one when its day comes (Istanbul calendar)', async () => {
    const client = await newClient();
    const { schedule, email } = await newSchedule(client, { startOn: addDays(today(), 1) });
    await run();
    expect(await mailsTo(email)).toHaveLength(0);
    shift += DAY;
    try {
      await run();
      expect((await scheduleOf(client, schedule.id)).occurrences[0]!.state).toBe('sent');
      expect(await mailsTo(email)).toHaveLength(1);
    } finally {
      shift -= DAY;
    }
  });

  it('reminds once after the given days when unanswered, in the link language, without client texts', async () => {
    const client = await newClient();
    const { schedule, email } = await newSchedule(client, { remindAfterDays: 3, language: 'en' });
    await run();
    shift += 2 * DAY;
    await run();
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['respondentLink']);
    shift += 1 * DAY + 60_000;
    try {
      await run();
      await run();
      const mails = await mailsTo(email);
      expect(mails.map((m) => m.kind)).toEqual(['scheduleReminder', 'respondentLink']);
      expect(mails[0]!.subject).toContain('Reminder');
      expect(mails[0]!.text).not.toContain('Deniz');
      expect(mails[0]!.text).not.toContain('Home');
      const occurrence = (await scheduleOf(client, schedule.id)).occurrences[0]!;
      expect(occurrence.remindedAt).not.toBeNull();
      // the reminder's link opens; the first one was replaced by it
      const opened = await app.inject({ method: 'GET', url: `/api/respond/${tokenIn(mails[0]!.links[0]!)}` });
      expect(opened.statusCode, opened.body).toBe(200);
    } finally {
      shift -= 3 * DAY + 60_000;
    }
  });

  it('lists a sending still unanswered after its reminder in Needs attention at the review level, until its link expires', async () => {
    const client = await newClient();
    const { schedule } = await newSchedule(client, { remindAfterDays: 3, language: 'en' });
    await run();
    const pending = async () => {
      const res = await api(alice)('GET', '/links/new-results');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { attention: Array<Record<string, unknown>> }).attention.filter(
        (a) => a.clientId === client,
      );
    };
    expect(await pending()).toEqual([]);
    shift += 3 * DAY + 60_000;
    try {
      await run();
      const occurrence = (await scheduleOf(client, schedule.id)).occurrences[0]!;
      expect(occurrence.remindedAt).not.toBeNull();
      expect(await pending()).toEqual([
        expect.objectContaining({
          id: occurrence.id,
          kind: 'unanswered',
          level: 'review',
          responseId: occurrence.responseId,
          questionnaireId: 'home-routines',
          respondent: 'guardian',
          flagId: null,
          at: occurrence.remindedAt,
          expiresAt: expect.any(String),
        }),
      ]);
      // the link has expired: the schedule shows it overdue, and it leaves Needs attention
      shift += 5 * DAY;
      expect(await pending()).toEqual([]);
    } finally {
      shift -= 8 * DAY + 60_000;
    }
  });

  it('marks an occurrence answered after the response is submitted, and sends it no reminder', async () => {
    const client = await newClient();
    const { schedule, email } = await newSchedule(client, { remindAfterDays: 1 });
    await run();
    const token = tokenIn((await mailsTo(email))[0]!.links[0]!);
    const submitted = await app.inject({
      method: 'POST',
      url: `/api/respond/${token}/submit`,
      payload: { answers: HOME_ROUTINES_ANSWERS },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    shift += 2 * DAY;
    try {
      const counts = await run();
      expect(counts?.answered).toBe(1);
      const occurrence = (await scheduleOf(client, schedule.id)).occurrences[0]!;
      expect(occurrence.state).toBe('answered');
      expect(occurrence.remindedAt).toBeNull();
      expect(await mailsTo(email)).toHaveLength(1);
    } finally {
      shift -= 2 * DAY;
    }
  });

  it('marks an occurrence overdue when its link expired unanswered, and lists it as due', async () => {
    const client = await newClient();
    const { schedule } = await newSchedule(client, { everyWeeks: 4 });
    await run();
    shift += 8 * DAY;
    try {
      await run();
      const occurrence = (await scheduleOf(client, schedule.id)).occurrences[0]!;
      expect(occurrence.state).toBe('overdue');
      const due = (await api(alice)('GET', '/schedules/due')).json() as Array<{
        occurrence: Occurrence;
        clientName: string;
      }>;
      const listed = due.find((d) => d.occurrence.id === occurrence.id);
      expect(listed?.clientName).toContain('Deniz');
      const clientsList = (await api(alice)('GET', '/clients')).json() as Array<{
        id: string;
        schedules?: unknown;
      }>;
      expect(clientsList.find((c) => c.id === client)?.schedules).toEqual({ due: 0, overdue: 1 });
    } finally {
      shift -= 8 * DAY;
    }
  });

  it('sends only the latest of several due occurrences after a pause and cancels the older ones', async () => {
    const client = await newClient();
    const { schedule, email } = await newSchedule(client, { everyWeeks: 1, times: 4 });
    await api(alice)('POST', `/schedules/${schedule.id}/pause`);
    shift += 15 * DAY;
    try {
      await run();
      expect(await mailsTo(email)).toHaveLength(0);
      // a paused schedule's occurrences whose day came are due for the practitioner to see
      const due = (await api(alice)('GET', '/schedules/due')).json() as Array<{ occurrence: Occurrence }>;
      expect(due.filter((d) => d.occurrence.scheduleId === schedule.id)).toHaveLength(3);
      const clientsList = (await api(alice)('GET', '/clients')).json() as Array<{
        id: string;
        schedules?: unknown;
      }>;
      expect(clientsList.find((c) => c.id === client)?.schedules).toEqual({ due: 3, overdue: 0 });
      const resumed = await api(alice)('POST', `/schedules/${schedule.id}/resume`);
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json().state).toBe('active');
      await run();
      const states = (await scheduleOf(client, schedule.id)).occurrences.map((o) => o.state);
      expect(states).toEqual(['cancelled', 'cancelled', 'sent', 'due']);
      expect(await mailsTo(email)).toHaveLength(1);
    } finally {
      shift -= 15 * DAY;
    }
  });

  it('finishes a schedule with nothing left to send', async () => {
    const client = await newClient();
    const { schedule } = await newSchedule(client, { times: 1 });
    await run();
    const after = await scheduleOf(client, schedule.id);
    expect(after.state).toBe('finished');
    expect(after.nextDueOn).toBeNull();
    expect((await api(alice)('POST', `/schedules/${schedule.id}/pause`)).statusCode).toBe(409);
  });
});

describe('pause, resume, stop and cancel', () => {
  it('records each change in the audit trail and refuses changes the state does not allow', async () => {
    const client = await newClient();
    const { schedule } = await newSchedule(client, { startOn: addDays(today(), 1) });
    expect((await api(alice)('POST', `/schedules/${schedule.id}/resume`)).statusCode).toBe(409);
    expect((await api(alice)('POST', `/schedules/${schedule.id}/pause`)).json().state).toBe('paused');
    expect((await api(alice)('POST', `/schedules/${schedule.id}/pause`)).statusCode).toBe(409);
    const stopped = await api(alice)('POST', `/schedules/${schedule.id}/stop`);
    expect(stopped.json().state).toBe('stopped');
    expect(stopped.json().occurrences.map((o: Occurrence) => o.state)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    expect((await api(alice)('POST', `/schedules/${schedule.id}/resume`)).statusCode).toBe(409);
    const actions = await app.db
      .selectFrom('audit_entries')
      .select('action')
      .where('record_id', '=', schedule.id)
      .where('record_type', '=', 'schedule')
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['create', 'pause', 'stop']);
  });

  it('a stopped schedule sends nothing more; what it sent stays sent', async () => {
    const client = await newClient();
    const { schedule, email } = await newSchedule(client, byDates(0, 3, 6));
    await run();
    await api(alice)('POST', `/schedules/${schedule.id}/stop`);
    shift += 3 * DAY;
    try {
      await run();
      expect(await mailsTo(email)).toHaveLength(1);
      expect((await scheduleOf(client, schedule.id)).occurrences.map((o) => o.state)).toEqual([
        'sent',
        'cancelled',
        'cancelled',
      ]);
    } finally {
      shift -= 3 * DAY;
    }
  });

  it('cancels one due occurrence; the sender skips it; a sent one cannot be cancelled', async () => {
    const client = await newClient();
    const { schedule, email } = await newSchedule(client);
    const [first, second] = schedule.occurrences;
    const cancelled = await api(alice)('POST', `/occurrences/${first!.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().state).toBe('cancelled');
    await run();
    expect(await mailsTo(email)).toHaveLength(0);
    shift += 14 * DAY;
    try {
      await run();
      expect(await mailsTo(email)).toHaveLength(1);
      expect((await api(alice)('POST', `/occurrences/${second!.id}/cancel`)).statusCode).toBe(409);
    } finally {
      shift -= 14 * DAY;
    }
    const entry = await app.db
      .selectFrom('audit_entries')
      .select(['action', 'client_id'])
      .where('record_id', '=', first!.id)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ action: 'cancel', client_id: client });
  });
});

describe('a deleted client or account', () => {
  it("stops the client's schedules at once: nothing is sent and they vanish from every route", async () => {
    const client = await newClient();
    const { schedule, email } = await newSchedule(client);
    expect((await api(alice)('GET', '/schedules/due')).body).toContain(schedule.id);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/client-intake/${client}`,
      headers: alice.headers,
    });
    expect(removed.statusCode).toBe(204);
    await run();
    expect(await mailsTo(email)).toHaveLength(0);
    expect((await api(alice)('GET', `/clients/${client}/schedules`)).statusCode).toBe(404);
    expect((await api(alice)('POST', `/schedules/${schedule.id}/resume`)).statusCode).toBe(404);
    expect((await api(alice)('POST', `/occurrences/${schedule.occurrences[1]!.id}/cancel`)).statusCode).toBe(
      404,
    );
    expect((await api(alice)('GET', '/schedules/due')).body).not.toContain(schedule.id);
    const row = await app.db
      .selectFrom('measurement_schedules')
      .select('state')
      .where('id', '=', schedule.id)
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('stopped');
  });

  it("stops an account's schedules when its deletion is requested", async () => {
    const carol = await createPractitioner(app);
    const client = await newClient(carol);
    const { schedule, email } = await newSchedule(client, {}, carol);
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: carol.headers,
      payload: { password: STRONG_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    await run();
    expect(await mailsTo(email)).toHaveLength(0);
    const occurrence = await app.db
      .selectFrom('schedule_occurrences')
      .select('state')
      .where('schedule_id', '=', schedule.id)
      .orderBy('due_on')
      .executeTakeFirstOrThrow();
    expect(occurrence.state).toBe('cancelled');
  });
});

describe('KVKK: the account archive and the purge', () => {
  it('exports every schedule with its sendings and address, never its code; the purge removes them', async () => {
    const dave = await createPractitioner(app);
    const client = await newClient(dave);
    const { schedule, code, email } = await newSchedule(client, { withCode: true }, dave);
    await run();
    const res = await api(dave)('GET', '/account/export');
    expect(res.statusCode, res.body).toBe(200);
    const zip = readZip(res.rawPayload);
    const exported = JSON.parse(zip.get('data/measurement-schedules.json')!.toString('utf8'));
    expect(exported).toMatchObject([
      {
        id: schedule.id,
        clientId: client,
        email,
        withCode: true,
        state: 'active',
        occurrences: [{ state: 'sent' }, {}, {}],
      },
    ]);
    const everything = [...zip.values()].map((b) => b.toString('utf8')).join('\n');
    expect(everything).not.toContain(`"${code}"`);
    // the readable summary says the state in the practitioner's words
    expect(zip.get('summary/measurement-schedules.csv')!.toString('utf8')).toContain('Running');

    const deletion = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: dave.headers,
      payload: { password: STRONG_PASSWORD },
    });
    expect(deletion.statusCode, deletion.body).toBe(200);
    await runPurge(app.db, DEFAULT_RETENTION, new Date(Date.now() + 31 * DAY));
    const left = await app.db
      .selectFrom('measurement_schedules')
      .select('id')
      .where('practitioner_id', '=', dave.id)
      .execute();
    expect(left).toEqual([]);
    const occurrences = await app.db
      .selectFrom('schedule_occurrences')
      .select('id')
      .where('schedule_id', '=', schedule.id)
      .execute();
    expect(occurrences).toEqual([]);
  });
});
