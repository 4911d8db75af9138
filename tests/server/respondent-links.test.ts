import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadQuestionnaireCatalog } from '../../src/forms/node';
import { scoreAnswers } from '../../src/forms/questionnaires';
import { sha256Hex } from '../../src/server/crypto/tokens';
import { MAX_CODE_FAILURES } from '../../src/server/links/link-service';
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
// the clock respondent links read; a test moves it forward to reach the expiry
let shift = 0;

const ANSWERS = HOME_ROUTINES_ANSWERS;

// a client whose names nobody else in the test carries, so their absence from an answer means something
const CLIENT = {
  ...validSections.demographics,
  clientFirstName: 'Zeynep',
  clientLastName: 'Karaçam',
  guardianFirstName: 'Nermin',
  guardianLastName: 'Karaçam',
};

beforeAll(async () => {
  testApp = await createTestApp({
    clock: () => new Date(Date.now() + shift),
  });
  app = testApp.app;
  alice = await createPractitioner(app);
  bob = await createPractitioner(app);
});

afterAll(async () => {
  await testApp?.close();
});

function api(who: Practitioner | null) {
  return (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: who ? who.headers : {},
      ...payloadOf(method, payload),
    });
}

/** The respondent: no session, only the token (and the code in its header when there is one). */
function respondent(token: string, code?: string) {
  return (method: InjectOptions['method'], path = '', payload?: unknown) =>
    app.inject({
      method,
      url: `/api/respond/${token}${path}`,
      headers: code === undefined ? {} : { 'x-link-code': code },
      ...payloadOf(method, payload),
    });
}

function newClient(who = alice) {
  return newClientRecord(app, who, CLIENT);
}

async function newLink(clientId: string, extra: Record<string, unknown> = {}, who = alice) {
  const res = await api(who)('POST', `/clients/${clientId}/links`, {
    questionnaireId: 'home-routines',
    respondent: 'guardian',
    language: 'tr',
    label: 'Ada',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json();
  return { ...body, token: (body.url as string).split('/r/')[1]! } as {
    link: { id: string; state: string; responseId: string };
    url: string;
    code: string | null;
    token: string;
  };
}

async function stateOf(clientId: string, linkId: string) {
  const list = (await api(alice)('GET', `/clients/${clientId}/links`)).json() as Array<{
    id: string;
    state: string;
  }>;
  return list.find((l) => l.id === linkId)?.state;
}

describe('POST /api/clients/:id/links', () => {
  it('makes a link of at least 128 random bits whose token is stored only as its hash', async () => {
    const client = await newClient();
    const { token, link, url } = await newLink(client);
    expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(link.state).toBe('created');
    const row = await app.db
      .selectFrom('respondent_links')
      .selectAll()
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    // the label (a child's first name) is sealed like other personal data
    expect(JSON.stringify(row)).not.toContain('Ada');
  });

  it('expires after 7 days by default', async () => {
    const { link } = await newLink(await newClient());
    const row = await app.db
      .selectFrom('respondent_links')
      .select(['expires_at', 'created_at'])
      .where('id', '=', link.id)
      .executeTakeFirstOrThrow();
    const days = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / DAY;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
  });

  it('refuses a respondent the questionnaire metadata does not allow (400 on respondent)', async () => {
    const res = await api(alice)('POST', `/clients/${await newClient()}/links`, {
      questionnaireId: 'home-routines',
      respondent: 'teacher',
      language: 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['respondent']);
  });

  it("answers 404 for another practitioner's client and 401 without a session", async () => {
    const client = await newClient(alice);
    const payload = { questionnaireId: 'home-routines', respondent: 'guardian', language: 'en' };
    expect((await api(bob)('POST', `/clients/${client}/links`, payload)).statusCode).toBe(404);
    expect((await api(null)('POST', `/clients/${client}/links`, payload)).statusCode).toBe(401);
    expect((await api(bob)('GET', `/clients/${client}/links`)).statusCode).toBe(404);
  });
});

describe('GET /api/respond/:token', () => {
  it('shows the questionnaire, who asks and the label, and nothing of the client', async () => {
    const { token } = await newLink(await newClient());
    const res = await respondent(token)('GET');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.language).toBe('tr');
    expect(body.label).toBe('Ada');
    expect(body.questionnaire.id).toBe('home-routines');
    // the languages its texts exist in: the only ones the page's switch offers
    expect(body.languages).toEqual(['en', 'tr']);
    expect(body.practitioner.name).toEqual(expect.any(String));
    expect(body.answers).toEqual({});
    for (const value of Object.values(CLIENT as Record<string, unknown>).filter(
      (v) => typeof v === 'string' && v.length > 3,
    ))
      expect(res.body).not.toContain(value as string);
  });

  it('moves the state from created to opened to in progress', async () => {
    const client = await newClient();
    const { token, link } = await newLink(client);
    expect(await stateOf(client, link.id)).toBe('created');
    await respondent(token)('GET');
    expect(await stateOf(client, link.id)).toBe('opened');
    const saved = await respondent(token)('PUT', '', { answers: { r1: 'aLittle' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stateOf(client, link.id)).toBe('inProgress');
    expect((await respondent(token)('GET')).json().answers).toEqual({ r1: 'aLittle' });
  });

  it('answers 404 for an unknown or malformed token', async () => {
    expect((await respondent('A'.repeat(43))('GET')).statusCode).toBe(404);
    expect((await respondent('short')('GET')).statusCode).toBe(404);
  });
});

describe('expiry', () => {
  it('closes the link after its days (410 LINK_CLOSED, reason expired, in the link language)', async () => {
    const client = await newClient();
    const { token, link } = await newLink(client);
    shift = 7 * DAY + 1000;
    try {
      const res = await respondent(token)('GET');
      expect(res.statusCode).toBe(410);
      expect(res.json()).toMatchObject({ code: 'LINK_CLOSED', reason: 'expired', language: 'tr' });
      expect((await respondent(token)('PUT', '', { answers: { r1: 'aLittle' } })).statusCode).toBe(410);
      expect(await stateOf(client, link.id)).toBe('expired');
    } finally {
      shift = 0;
    }
    expect((await respondent(token)('GET')).statusCode).toBe(200);
  });
});

describe('POST /api/links/:id/revoke', () => {
  it('closes the link at once (reason revoked) and keeps the answers saved so far', async () => {
    const client = await newClient();
    const { token, link } = await newLink(client);
    await respondent(token)('PUT', '', { answers: { r1: 'aLittle' } });
    const res = await api(alice)('POST', `/links/${link.id}/revoke`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state).toBe('revoked');
    const closed = await respondent(token)('GET');
    expect(closed.statusCode).toBe(410);
    expect(closed.json().reason).toBe('revoked');
    expect((await respondent(token)('POST', '/submit', { answers: ANSWERS })).statusCode).toBe(410);
    const response = await api(alice)('GET', `/responses/${link.responseId}`);
    expect(response.json().answers).toEqual({ r1: 'aLittle' });
  });

  it("closes with the client's record deleted (reason revoked)", async () => {
    const client = await newClient();
    const { token } = await newLink(client);
    expect((await api(alice)('DELETE', `/client-intake/${client}`)).statusCode).toBe(204);
    const closed = await respondent(token)('GET');
    expect(closed.statusCode).toBe(410);
    expect(closed.json().reason).toBe('revoked');
    expect((await respondent(token)('POST', '/submit', { answers: ANSWERS })).statusCode).toBe(410);
  });

  it("answers 404 for another practitioner's link", async () => {
    const { token, link } = await newLink(await newClient());
    expect((await api(bob)('POST', `/links/${link.id}/revoke`)).statusCode).toBe(404);
    expect((await api(bob)('POST', `/links/${link.id}/send`, { email: 'x@example.com' })).statusCode).toBe(
      404,
    );
    expect((await respondent(token)('GET')).statusCode).toBe(200);
  });
});

describe('POST /api/respond/:token/submit', () => {
  it('submits once, scored by the server like the practitioner path, and lands in the client results', async () => {
    const client = await newClient();
    const { token, link } = await newLink(client);
    const res = await respondent(token)('POST', '/submit', { answers: ANSWERS, score: 999 });
    // a score the page sends is not a field of this route
    expect(res.statusCode).toBe(400);
    const ok = await respondent(token)('POST', '/submit', { answers: ANSWERS });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().status).toBe('submitted');
    // the respondent is not shown the scores
    expect(ok.json().result).toBeUndefined();
    const response = (await api(alice)('GET', `/responses/${link.responseId}`)).json();
    const def = loadQuestionnaireCatalog().get('home-routines');
    // read as the link's respondent, for an 11-year-old girl (the intake's birth date and gender)
    expect(response.respondent).toBe('guardian');
    expect(response.result).toEqual(
      scoreAnswers(def, ANSWERS, { respondent: 'guardian', age: 11, sex: 'female' }),
    );
    expect(response.status).toBe('submitted');
    expect(await stateOf(client, link.id)).toBe('submitted');
    const again = await respondent(token)('POST', '/submit', { answers: ANSWERS });
    expect(again.statusCode).toBe(410);
    expect(again.json().reason).toBe('used');
    expect((await respondent(token)('PUT', '', { answers: { r1: 'veryMuch' } })).statusCode).toBe(410);
    const results = (await api(alice)('GET', `/clients/${client}/results`)).json();
    expect(JSON.stringify(results)).toContain('home-routines');
  });

  it('counts as a new result until the practitioner opens the client', async () => {
    const client = await newClient();
    const { token } = await newLink(client);
    const before = (await api(alice)('GET', '/links/new-results')).json().count as number;
    await respondent(token)('POST', '/submit', { answers: ANSWERS });
    const after = (await api(alice)('GET', '/links/new-results')).json();
    expect(after.count).toBe(before + 1);
    expect(after.clients).toContainEqual({ clientId: client, count: 1 });
    expect((await api(bob)('POST', `/clients/${client}/links/seen`)).statusCode).toBe(404);
    expect((await api(alice)('POST', `/clients/${client}/links/seen`)).statusCode).toBe(204);
    expect((await api(alice)('GET', '/links/new-results')).json().count).toBe(before);
  });
});

describe('GET /api/links/new-results', () => {
  type NewResults = { count: number; clients: Array<{ clientId: string; count: number }> };
  const newResults = async (who: Practitioner) => {
    const res = await api(who)('GET', '/links/new-results');
    expect(res.statusCode).toBe(200);
    return res.json() as NewResults;
  };
  const countOf = (view: NewResults, clientId: string) =>
    view.clients.find((c) => c.clientId === clientId)?.count;
  const submitted = async (clientId: string, who = alice) => {
    const { token } = await newLink(clientId, {}, who);
    expect((await respondent(token)('POST', '/submit', { answers: ANSWERS })).statusCode).toBe(200);
  };

  it("names each of the practitioner's own clients with its unseen results, until that client is opened", async () => {
    const [first, second, bobs] = [await newClient(), await newClient(), await newClient(bob)];
    await submitted(first);
    await submitted(first);
    await submitted(second);
    await submitted(bobs, bob);
    const view = await newResults(alice);
    expect(countOf(view, first)).toBe(2);
    expect(countOf(view, second)).toBe(1);
    expect(countOf(view, bobs)).toBeUndefined();
    expect(view.count).toBe(view.clients.reduce((sum, c) => sum + c.count, 0));
    const bobsView = await newResults(bob);
    expect(countOf(bobsView, bobs)).toBe(1);
    expect(countOf(bobsView, first)).toBeUndefined();

    expect((await api(alice)('POST', `/clients/${first}/links/seen`)).statusCode).toBe(204);
    const after = await newResults(alice);
    expect(countOf(after, first)).toBeUndefined();
    expect(countOf(after, second)).toBe(1);
    expect(after.count).toBe(view.count - 2);
  });

  it('leaves out a deleted client, which can no longer be opened to look at them', async () => {
    const client = await newClient();
    await submitted(client);
    const before = await newResults(alice);
    expect(countOf(before, client)).toBe(1);
    expect((await api(alice)('DELETE', `/client-intake/${client}`)).statusCode).toBe(204);
    const after = await newResults(alice);
    expect(countOf(after, client)).toBeUndefined();
    expect(after.count).toBe(before.count - 1);
  });
});

describe('the 6-digit code', () => {
  it('is asked before anything is shown, and opens with the right code', async () => {
    const { token, code } = await newLink(await newClient(), { withCode: true });
    expect(code).toMatch(/^\d{6}$/);
    const asked = await respondent(token)('GET');
    expect(asked.statusCode).toBe(401);
    expect(asked.json()).toMatchObject({ code: 'LINK_CODE_REQUIRED', language: 'tr' });
    expect(asked.body).not.toContain('home-routines');
    expect((await respondent(token, code!)('GET')).statusCode).toBe(200);
  });

  it(`locks the link after ${MAX_CODE_FAILURES} wrong codes, even for the right one afterwards`, async () => {
    const client = await newClient();
    const { token, code, link } = await newLink(client, { withCode: true });
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < MAX_CODE_FAILURES; i++) {
      const res = await respondent(token, wrong)('GET');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'LINK_CODE_WRONG', attemptsLeft: MAX_CODE_FAILURES - i });
    }
    const last = await respondent(token, wrong)('GET');
    expect(last.statusCode).toBe(410);
    expect(last.json().reason).toBe('locked');
    expect((await respondent(token, code!)('GET')).statusCode).toBe(410);
    expect(await stateOf(client, link.id)).toBe('locked');
  });
});

describe('token scope', () => {
  it('reaches its own response only: not another link, not the practitioner API', async () => {
    const client = await newClient();
    const first = await newLink(client);
    const second = await newLink(client);
    await respondent(first.token)('PUT', '', { answers: { r1: 'veryMuch' } });
    expect((await respondent(second.token)('GET')).json().answers).toEqual({});
    // the token is no session
    for (const url of [
      `/api/responses/${first.link.responseId}`,
      `/api/clients/${client}`,
      `/api/clients/${client}/links`,
      '/api/clients',
    ]) {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${first.token}` },
      });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('POST /api/links/:id/send', () => {
  it('mails a fresh link in the link language without health data; the old token stops opening', async () => {
    const client = await newClient();
    const { token, link } = await newLink(client);
    const res = await api(alice)('POST', `/links/${link.id}/send`, { email: 'parent-1@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await outbox(app, 'parent-1@example.com');
    expect(mail!.kind).toBe('respondentLink');
    expect(mail!.subject).toContain('ölçeği');
    const newUrl = res.json().url as string;
    expect(mail!.links).toEqual([newUrl]);
    expect(mail!.text + mail!.html).not.toMatch(/home|routine|ev düzeni|rutin|Karaçam/i);
    expect(mail!.text).not.toMatch(/\bAda\b/);
    expect((await respondent(token)('GET')).statusCode).toBe(410);
    expect((await respondent(newUrl.split('/r/')[1]!)('GET')).statusCode).toBe(200);
    // a reminder goes to the same address without typing it again, and says it is sent again
    const reminder = await api(alice)('POST', `/links/${link.id}/send`);
    expect(reminder.statusCode).toBe(200);
    const mails = await outbox(app, 'parent-1@example.com');
    expect(mails.map((m) => m.kind).sort()).toEqual(['linkResent', 'respondentLink']);
    const again = mails.find((m) => m.kind === 'linkResent')!;
    expect(again.subject).toMatch(/^Hatırlatma:/);
    expect(again.text).toContain('yeniden gönderdi');
    // not the first mail again: that one's introduction is not repeated
    expect(mail!.text).toContain('Hesap açmanız gerekmez');
    expect(again.text).not.toContain('Hesap açmanız gerekmez');
    expect(again.links).toEqual([reminder.json().url]);
    // to another address it is that person's first mail
    await api(alice)('POST', `/links/${link.id}/send`, { email: 'teacher-1@example.com' });
    expect((await outbox(app, 'teacher-1@example.com')).map((m) => m.kind)).toEqual(['respondentLink']);
  });

  it('has the old address say a newer link replaced it (410, reason replaced), not that it does not work', async () => {
    const { token, link } = await newLink(await newClient());
    await api(alice)('POST', `/links/${link.id}/send`, { email: 'parent-2@example.com' });
    const old = await respondent(token)('GET');
    expect(old.statusCode).toBe(410);
    expect(old.json()).toMatchObject({ code: 'LINK_CLOSED', reason: 'replaced', language: 'tr' });
    expect(old.json().message).toMatch(/newer link replaced/);
    expect((await respondent(token)('PUT', '', { answers: { r1: 'aLittle' } })).statusCode).toBe(410);
    // a second reminder: the first two addresses both say so
    const second = await api(alice)('POST', `/links/${link.id}/send`);
    expect((await respondent(second.json().url.split('/r/')[1]!)('GET')).statusCode).toBe(200);
    expect((await respondent(token)('GET')).json().reason).toBe('replaced');
    // once the link itself is closed, the old address says why, like the newest one
    await api(alice)('POST', `/links/${link.id}/revoke`);
    expect((await respondent(token)('GET')).json().reason).toBe('revoked');
    // an address never issued is still not found
    expect((await respondent('A'.repeat(43))('GET')).statusCode).toBe(404);
  });

  it('does not send a submitted or revoked link (409)', async () => {
    const { link } = await newLink(await newClient());
    await api(alice)('POST', `/links/${link.id}/revoke`);
    const res = await api(alice)('POST', `/links/${link.id}/send`, { email: 'parent@example.com' });
    expect(res.statusCode).toBe(409);
  });
});

describe('the audit trail of a link', () => {
  const entriesOf = (responseId: string) =>
    app.db
      .selectFrom('audit_entries')
      .select(['actor_kind', 'actor_id', 'action', 'client_id', 'record_type', 'practitioner_id'])
      .where('record_id', '=', responseId)
      .orderBy('id')
      .execute();

  it('records making the link as the practitioner, and each read, save and submit as the link', async () => {
    const client = await newClient();
    const { token, link } = await newLink(client);
    expect(await entriesOf(link.responseId)).toEqual([
      {
        actor_kind: 'practitioner',
        actor_id: alice.id,
        action: 'create',
        client_id: client,
        record_type: 'questionnaire-response',
        practitioner_id: alice.id,
      },
    ]);
    expect((await respondent(token)('GET')).statusCode).toBe(200);
    const version = (await respondent(token)('GET')).json().version;
    expect((await respondent(token)('PUT', '', { answers: ANSWERS, version })).statusCode).toBe(200);
    expect((await respondent(token)('POST', '/submit', { answers: ANSWERS })).statusCode).toBe(200);
    const byLink = (await entriesOf(link.responseId)).slice(1);
    expect(byLink.map((e) => e.action)).toEqual(['read', 'read', 'change', 'submit']);
    for (const entry of byLink)
      expect(entry).toMatchObject({
        actor_kind: 'link',
        actor_id: link.id,
        client_id: client,
        practitioner_id: alice.id,
      });
    // a closed link reads nothing, so it writes nothing
    expect((await respondent(token)('GET')).statusCode).toBe(410);
    expect(await entriesOf(link.responseId)).toHaveLength(5);
  });
});

describe('an account deletion request', () => {
  it('closes every open link of the account at once (410, reason revoked)', async () => {
    const carol = await createPractitioner(app);
    const client = await newClient(carol);
    const { token } = await newLink(client, {}, carol);
    expect((await respondent(token)('GET')).statusCode).toBe(200);
    const asked = await api(carol)('POST', '/account/delete', { password: STRONG_PASSWORD });
    expect(asked.statusCode, asked.body).toBe(200);
    const closed = await respondent(token)('GET');
    expect(closed.statusCode).toBe(410);
    expect(closed.json().reason).toBe('revoked');
  });
});

describe('links in the account archive', () => {
  it('lists each link with its label and state, never its token or the token’s hash', async () => {
    const dave = await createPractitioner(app);
    const client = await newClient(dave);
    const { token, link } = await newLink(client, { label: 'Defne' }, dave);
    const res = await api(dave)('GET', '/account/export');
    expect(res.statusCode, res.body).toBe(200);
    const zip = readZip(res.rawPayload);
    const links = JSON.parse(zip.get('data/respondent-links.json')!.toString('utf8'));
    expect(links).toMatchObject([{ id: link.id, clientId: client, label: 'Defne', respondent: 'guardian' }]);
    const everything = [...zip.values()].map((b) => b.toString('utf8')).join('\n');
    expect(everything).not.toContain(token);
    expect(everything).not.toContain(sha256Hex(token));
  });
});
