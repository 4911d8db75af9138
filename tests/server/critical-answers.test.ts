import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, newClientRecord, type Practitioner } from '../fixtures/intake/server';
import {
  FEELINGS_CALM,
  FEELINGS_CRITICAL,
  WORRIES_AT_THE_TOP,
} from '../fixtures/questionnaires/risk-answers';
import { type OutboxMail, outbox } from './support/flows';
import { readZip } from './support/read-zip';
import { createTestApp, type TestApp } from './support/test-app';

let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let bob: Practitioner;

// names nobody else in the test carries, so their absence from a mail means something
const CLIENT = {
  ...validSections.demographics,
  clientFirstName: 'Yağmur',
  clientLastName: 'Dereboylu',
  guardianFirstName: 'Sevim',
  guardianLastName: 'Dereboylu',
};

const SUPPORT_LINES = [
  { phone: '112', name: { en: 'Emergency', tr: 'Acil' } },
  { phone: '0800 123 45 67', name: { en: 'Youth line', tr: 'Gençlik hattı' } },
];

beforeAll(async () => {
  testApp = await createTestApp({ env: { SUPPORT_LINES: JSON.stringify(SUPPORT_LINES) } });
  app = testApp.app;
  alice = await createPractitioner(app);
  bob = await createPractitioner(app, 'tr');
  const res = await api(bob)('PUT', '/auth/language', { language: 'tr' });
  expect(res.statusCode, res.body).toBeLessThan(300);
}, 240_000);

afterAll(async () => {
  await testApp?.close();
});

function api(who: Practitioner) {
  return (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}

function newClient(who = alice) {
  return newClientRecord(app, who, CLIENT);
}

/** Fills everyday-feelings in session and submits it; answers the response's id. */
async function inSession(answers: Record<string, string>, who = alice, clientId?: string) {
  const client = clientId ?? (await newClient(who));
  const given = await api(who)('POST', `/clients/${client}/responses`, {
    questionnaireId: 'everyday-feelings',
    language: 'en',
  });
  expect(given.statusCode, given.body).toBe(201);
  const id = given.json().id as string;
  const done = await api(who)('POST', `/responses/${id}/submit`, { answers });
  expect(done.statusCode, done.body).toBe(200);
  return { client, id };
}

/** Sends everyday-feelings by link and the young person submits; answers ids and the submit's answer. */
async function byLink(answers: Record<string, string>, who = alice, language: 'en' | 'tr' = 'tr') {
  const client = await newClient(who);
  const made = await api(who)('POST', `/clients/${client}/links`, {
    questionnaireId: 'everyday-feelings',
    respondent: 'self',
    language,
  });
  expect(made.statusCode, made.body).toBe(201);
  const token = (made.json().url as string).split('/r/')[1]!;
  const done = await app.inject({
    method: 'POST',
    url: `/api/respond/${token}/submit`,
    payload: { answers },
  });
  expect(done.statusCode, done.body).toBe(200);
  return { client, id: made.json().link.responseId as string, answer: done.json() };
}

/** Gives a questionnaire in session as the young person and submits it; answers the response's id. */
async function given(who: Practitioner, questionnaireId: string, answers: Record<string, string>) {
  const client = await newClient(who);
  const made = await api(who)('POST', `/clients/${client}/responses`, {
    questionnaireId,
    language: 'en',
    respondent: 'self',
  });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().id as string;
  const done = await api(who)('POST', `/responses/${id}/submit`, { answers });
  expect(done.statusCode, done.body).toBe(200);
  return { client, id };
}

const attentionMails = async (who: Practitioner) =>
  (await outbox(app, who.email)).filter((m) => m.kind === 'responseAttention');

const newResults = async (who = alice) => {
  const res = await api(who)('GET', '/links/new-results');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    count: number;
    clients: Array<{ clientId: string; count: number }>;
    attention: Array<{
      id: string;
      kind: string;
      level: string;
      clientId: string;
      responseId: string;
      questionnaireId: string;
      respondent: string | null;
      flagId: string | null;
      at: string;
    }>;
  };
};

/** Every word a mail must not hold: the client, the questionnaire, its items, answers and scores. */
function leaks(mail: OutboxMail): string[] {
  const words = [
    CLIENT.clientFirstName,
    CLIENT.clientLastName,
    CLIENT.guardianFirstName,
    'everyday-feelings',
    'Everyday Feelings',
    'Gündelik Duygular',
    'self-harm',
    'zarar',
    'hurting',
    'Almost always',
    'Elevated',
    'Typical',
    'score',
    'puan',
  ];
  const all = `${mail.subject}\n${mail.text}\n${mail.html}`.toLocaleLowerCase('tr');
  return words
    .filter((w) => all.includes(w.toLocaleLowerCase('tr')))
    .concat(/\d+\s*\/\s*\d+/.test(mail.text) ? ['a score'] : []);
}

describe('an urgent alert mails the practitioner', () => {
  it('queues one mail for an urgent answer given in session', async () => {
    const carol = await createPractitioner(app);
    await inSession(FEELINGS_CRITICAL, carol);
    const mails = await attentionMails(carol);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.links).toEqual([`${app.config.publicUrl}/dashboard`]);
  });

  it('queues one mail for an urgent answer given by link', async () => {
    const carol = await createPractitioner(app);
    await byLink(FEELINGS_CRITICAL, carol);
    expect(await attentionMails(carol)).toHaveLength(1);
  });

  it('queues no mail when no answer raised a flag, in session or by link', async () => {
    const carol = await createPractitioner(app);
    await inSession(FEELINGS_CALM, carol);
    await byLink(FEELINGS_CALM, carol);
    expect(await attentionMails(carol)).toHaveLength(0);
  });

  it('queues no mail for review-level flags or scores in the clinical range', async () => {
    const carol = await createPractitioner(app);
    for (let i = 0; i < 5; i++) await given(carol, 'worries-and-mood', WORRIES_AT_THE_TOP);
    expect(await attentionMails(carol)).toHaveLength(0);
    const view = await newResults(carol);
    expect(view.attention.map((a) => [a.level, a.flagId])).toEqual(
      Array.from({ length: 5 }, () => ['review', 'worryVeryHigh']),
    );
  });

  it('mails at most once in the window: a second urgent response waits for the next mail, and is listed at once', async () => {
    const carol = await createPractitioner(app);
    const first = await inSession(FEELINGS_CRITICAL, carol);
    const second = await inSession(FEELINGS_CRITICAL, carol);
    expect(await attentionMails(carol)).toHaveLength(1);
    const waiting = await app.db
      .selectFrom('response_alerts')
      .select(['response_id', 'mailed_at'])
      .where('practitioner_id', '=', carol.id)
      .orderBy('raised_at')
      .execute();
    expect(waiting.map((a) => [a.response_id, a.mailed_at === null])).toEqual([
      [first.id, false],
      [second.id, true],
    ]);
    expect((await newResults(carol)).attention.map((a) => a.responseId)).toEqual([first.id, second.id]);
  });

  it('says only that a response needs attention: no client, questionnaire, answer or score', async () => {
    const carol = await createPractitioner(app);
    await byLink(FEELINGS_CRITICAL, carol);
    const [mail] = await attentionMails(carol);
    expect(mail!.subject).toMatch(/needs your attention/);
    expect(leaks(mail!)).toEqual([]);
  });

  it("is written in the account's language, not the respondent's", async () => {
    await byLink(FEELINGS_CRITICAL, bob, 'en');
    const [mail] = await attentionMails(bob);
    expect(mail!.subject).toMatch(/ilgilenmeniz gereken/);
    expect(leaks(mail!)).toEqual([]);
  });
});

describe('GET /api/links/new-results: needs attention', () => {
  it('lists urgent alerts first with informant, questionnaire and flag, apart from ordinary new results', async () => {
    const carol = await createPractitioner(app);
    const review = await given(carol, 'worries-and-mood', WORRIES_AT_THE_TOP);
    const session = await inSession(FEELINGS_CRITICAL, carol);
    const link = await byLink(FEELINGS_CRITICAL, carol);
    const calm = await byLink(FEELINGS_CALM, carol);
    const view = await newResults(carol);
    expect(view.attention).toEqual([
      expect.objectContaining({
        kind: 'flag',
        level: 'urgent',
        clientId: session.client,
        responseId: session.id,
        questionnaireId: 'everyday-feelings',
        respondent: 'self',
        flagId: 'selfHarmThoughts',
      }),
      expect.objectContaining({ level: 'urgent', responseId: link.id, respondent: 'self' }),
      expect.objectContaining({
        level: 'review',
        responseId: review.id,
        questionnaireId: 'worries-and-mood',
      }),
    ]);
    expect(view.attention[0]!.at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // the ordinary new results count only link responses, flagged or not
    expect(view.clients).toEqual(expect.arrayContaining([{ clientId: calm.client, count: 1 }]));
    expect(view.clients.map((c) => c.clientId)).not.toContain(session.client);
  });

  it("never shows another practitioner's alerts, nor lets them be handled", async () => {
    const mine = await inSession(FEELINGS_CRITICAL);
    expect((await newResults(bob)).attention.map((a) => a.responseId)).not.toContain(mine.id);
    const alert = (await newResults()).attention.find((a) => a.responseId === mine.id)!;
    expect((await api(bob)('POST', `/alerts/${alert.id}`, { state: 'resolved' })).statusCode).toBe(404);
    expect((await api(bob)('GET', `/clients/${mine.client}/alerts`)).statusCode).toBe(404);
  });

  it('stays after the client page marks link results seen and after the response is opened', async () => {
    const link = await byLink(FEELINGS_CRITICAL);
    expect((await api(alice)('POST', `/clients/${link.client}/links/seen`, {})).statusCode).toBe(204);
    expect((await api(alice)('GET', `/responses/${link.id}`)).statusCode).toBe(200);
    const view = await newResults();
    expect(view.clients.map((c) => c.clientId)).not.toContain(link.client);
    expect(view.attention.map((a) => a.responseId)).toContain(link.id);
  });

  it('goes when marked seen or resolved with a note, audited, and stays in the client history with the note', async () => {
    const { client, id } = await inSession(FEELINGS_CRITICAL);
    const alert = (await newResults()).attention.find((a) => a.responseId === id)!;
    const seen = await api(alice)('POST', `/alerts/${alert.id}`, { state: 'seen' });
    expect(seen.statusCode, seen.body).toBe(204);
    expect((await newResults()).attention.map((a) => a.id)).not.toContain(alert.id);
    const resolved = await api(alice)('POST', `/alerts/${alert.id}`, {
      state: 'resolved',
      note: '  Called the family; safety plan agreed.  ',
    });
    expect(resolved.statusCode, resolved.body).toBe(204);
    // a resolved alert does not fall back to seen
    expect((await api(alice)('POST', `/alerts/${alert.id}`, { state: 'seen' })).statusCode).toBe(204);

    const history = await api(alice)('GET', `/clients/${client}/alerts`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json()).toEqual([
      expect.objectContaining({
        id: alert.id,
        level: 'urgent',
        state: 'resolved',
        responseId: id,
        flagId: 'selfHarmThoughts',
        note: 'Called the family; safety plan agreed.',
      }),
    ]);
    const stored = await app.db
      .selectFrom('response_alerts')
      .select('note_encrypted')
      .where('id', '=', alert.id)
      .executeTakeFirstOrThrow();
    expect(stored.note_encrypted).not.toContain('safety');
    const entries = await app.db
      .selectFrom('audit_entries')
      .select(['action', 'actor_id', 'client_id'])
      .where('record_id', '=', alert.id)
      .where('action', 'in', ['see', 'resolve'])
      .orderBy('created_at')
      .execute();
    expect(entries.map((e) => [e.action, e.actor_id, e.client_id])).toEqual([
      ['see', alice.id, client],
      ['resolve', alice.id, client],
      ['see', alice.id, client],
    ]);
  });

  it('is in the account archive with its level, state and note, in JSON and in the summary', async () => {
    const carol = await createPractitioner(app);
    const { client, id } = await inSession(FEELINGS_CRITICAL, carol);
    const alert = (await newResults(carol)).attention.find((a) => a.responseId === id)!;
    const note = 'Spoke with the guardian the same day.';
    expect((await api(carol)('POST', `/alerts/${alert.id}`, { state: 'resolved', note })).statusCode).toBe(
      204,
    );
    const res = await api(carol)('GET', '/account/export');
    expect(res.statusCode).toBe(200);
    const files = readZip(res.rawPayload);
    const alerts = JSON.parse(files.get('data/response-alerts.json')!.toString('utf8'));
    expect(alerts).toEqual([
      expect.objectContaining({
        id: alert.id,
        clientId: client,
        responseId: id,
        questionnaire: 'everyday-feelings',
        respondent: 'self',
        flag: 'selfHarmThoughts',
        level: 'urgent',
        state: 'resolved',
        note,
      }),
    ]);
    const summary = files.get('summary/response-alerts.csv')!.toString('utf8');
    expect(summary).toContain(note);
    expect(summary).toContain('Resolved');
  });

  it('answers 400 in the practitioner’s language to a state or note it cannot take, and 404 to an id that is no alert', async () => {
    const { id } = await inSession(FEELINGS_CRITICAL);
    const alert = (await newResults()).attention.find((a) => a.responseId === id)!;
    const wrong = await api(bob)('POST', `/alerts/${alert.id}`, { state: 'forgotten' });
    expect(wrong.statusCode).toBe(400);
    const long = await api(alice)('POST', `/alerts/${alert.id}`, { state: 'seen', note: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect((await api(alice)('POST', '/alerts/not-a-uuid', { state: 'seen' })).statusCode).toBe(404);
    expect((await newResults()).attention.map((a) => a.id)).toContain(alert.id);
  });

  it('leaves out the alerts of a deleted client', async () => {
    const { client, id } = await inSession(FEELINGS_CRITICAL);
    expect((await api(alice)('DELETE', `/client-intake/${client}`)).statusCode).toBeLessThan(300);
    expect((await newResults()).attention.map((a) => a.responseId)).not.toContain(id);
  });
});

describe('POST /api/respond/:token/submit: help for the respondent', () => {
  it("answers the questionnaire's own words and the support lines in the link's language when flagged", async () => {
    const { answer } = await byLink(FEELINGS_CRITICAL, alice, 'tr');
    expect(answer.help.text).toMatch(/güvendiğin bir yetişkinle konuş/);
    expect(answer.help.lines).toEqual([
      { phone: '112', name: 'Acil' },
      { phone: '0800 123 45 67', name: 'Gençlik hattı' },
    ]);
    // the respondent is never shown a score
    expect(Object.keys(answer).sort()).toEqual(['help', 'status', 'submittedAt']);
  });

  it('answers no help when no answer raised a flag', async () => {
    const { answer } = await byLink(FEELINGS_CALM, alice, 'en');
    expect(answer).toEqual({ status: 'submitted', submittedAt: expect.any(String) });
  });
});

describe('support lines by default', () => {
  it("gives Turkey's emergency number 112 in the page's words when SUPPORT_LINES is unset", async () => {
    const plain = await createTestApp();
    try {
      const who = await createPractitioner(plain.app);
      const client = await plain.app.inject({
        method: 'POST',
        url: '/api/client-intake',
        headers: who.headers,
        payload: { demographics: CLIENT, status: 'draft' },
      });
      const made = await plain.app.inject({
        method: 'POST',
        url: `/api/clients/${client.json().id}/links`,
        headers: who.headers,
        payload: { questionnaireId: 'everyday-feelings', respondent: 'self', language: 'en' },
      });
      const token = (made.json().url as string).split('/r/')[1]!;
      const done = await plain.app.inject({
        method: 'POST',
        url: `/api/respond/${token}/submit`,
        payload: { answers: FEELINGS_CRITICAL },
      });
      expect(done.json().help.lines).toEqual([{ phone: '112', name: 'Emergency (ambulance, police, fire)' }]);
    } finally {
      await plain.close();
    }
  }, 240_000);
});

describe('SUPPORT_LINES, read at start', () => {
  it.each([
    ['not JSON', 'call 112', /not JSON/],
    ['not a list', '{"phone": "112"}', /JSON list/],
    ['a line without a phone', '[{"name": {"en": "A", "tr": "B"}}]', /line 1 needs "phone"/],
    [
      'a phone with letters',
      '[{"phone": "call-me", "name": {"en": "A", "tr": "B"}}]',
      /line 1 needs "phone"/,
    ],
    ['a name in one language only', '[{"phone": "112", "name": {"en": "Emergency"}}]', /"en" and "tr"/],
  ])('refuses %s, naming the variable', (_name, value, message) => {
    expect(() => loadConfig({ SUPPORT_LINES: value })).toThrow(ConfigError);
    expect(() => loadConfig({ SUPPORT_LINES: value })).toThrow(message);
    expect(() => loadConfig({ SUPPORT_LINES: value })).toThrow(/SUPPORT_LINES/);
  });

  it('keeps the lines in order, trimmed, and allows none at all', () => {
    expect(
      loadConfig({ SUPPORT_LINES: ' [{"phone": " 112 ", "name": {"en": " A ", "tr": "B"}}] ' }).supportLines,
    ).toEqual([{ phone: '112', name: { en: 'A', tr: 'B' } }]);
    expect(loadConfig({ SUPPORT_LINES: '[]' }).supportLines).toEqual([]);
    expect(loadConfig({}).supportLines).toEqual([{ phone: '112' }]);
  });
});
