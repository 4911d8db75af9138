import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadQuestionnaireCatalog } from '../../src/forms/node';
import type { QuestionnaireCatalog } from '../../src/forms/questionnaires';
import { runAdminCommand } from '../../src/server/admin/commands';
import { validSections } from '../fixtures/intake/sections';
import { createPractitioner, type Practitioner } from '../fixtures/intake/server';
import { appFilesWithFixture } from './support/questionnaire-copy';
import { createTestApp, type TestApp } from './support/test-app';

let testApp: TestApp;
let app: FastifyInstance;
let alice: Practitioner;
let files: ReturnType<typeof appFilesWithFixture>;
// what the server reads from the scratch schemas/ folder; reloaded when a test adds or removes a file there
let catalog: QuestionnaireCatalog;
const reload = () => {
  catalog = loadQuestionnaireCatalog({ schemasDir: files.schemasDir });
};
const dir = () => path.join(files.schemasDir, 'questionnaires/worry-check');

/** worry-check scoring 2, as an author adds it beside scoring 1: the same items, lower cut-offs. */
const SCORING_2 = {
  version: 2,
  responseSets: { often: { 0: 0, 1: 1, 2: 2, 3: 3 } },
  items: {
    w1: { responseSet: 'often' },
    w2: { responseSet: 'often', reverse: true },
    w3: { responseSet: 'often' },
  },
  scales: [
    {
      id: 'total',
      method: 'sum',
      items: ['w1', 'w2', 'w3'],
      minAnswered: 2,
      bands: [
        { id: 'low', min: 0, max: 2, severity: 'none' },
        { id: 'some', min: 3, max: 5, severity: 'mild' },
        { id: 'high', min: 6, max: 9, severity: 'severe' },
      ],
    },
  ],
  flags: [{ id: 'constant', item: 'w3', scoreAtLeast: 3 }],
  showIf: { items: { detail: { '>=': [{ var: 'w3' }, 2] } } },
};
// 2 + (3 - 0) + 1 = 6: "Some worry" under scoring 1 (4-6), "High" under scoring 2 (6-9)
const ANSWERS = { w1: 2, w2: 0, w3: 1 };

beforeAll(async () => {
  files = appFilesWithFixture();
  reload();
  const swappable: QuestionnaireCatalog = {
    list: () => catalog.list(),
    get: (id, version, scoringVersion) => catalog.get(id, version, scoringVersion),
    has: (id, version, scoringVersion) => catalog.has(id, version, scoringVersion),
    versions: (id) => catalog.versions(id),
    scoringVersions: (id, version) => catalog.scoringVersions(id, version),
  };
  testApp = await createTestApp({
    schemasDir: files.schemasDir,
    localesDir: files.localesDir,
    questionnaires: swappable,
  });
  app = testApp.app;
  alice = await createPractitioner(app);
});

afterAll(async () => {
  await testApp?.close();
  files?.remove();
});

function api(who: Practitioner, lang = 'en') {
  return (method: InjectOptions['method'], url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api${url}`,
      headers: { ...who.headers, 'accept-language': lang },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
}

async function newClient(demographics: Record<string, unknown> = validSections.demographics) {
  const res = await api(alice)('POST', '/client-intake', { demographics, status: 'draft' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function give(clientId: string, extra: Record<string, unknown> = {}) {
  const res = await api(alice)('POST', `/clients/${clientId}/responses`, {
    questionnaireId: 'worry-check',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function submit(response: { id: string; version: number }, answers = ANSWERS) {
  const res = await api(alice)('POST', `/responses/${response.id}/submit`, {
    answers,
    version: response.version,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const auditOf = (recordId: string) =>
  app.db
    .selectFrom('audit_entries')
    .select(['action', 'actor_kind', 'actor_id'])
    .where('record_id', '=', recordId)
    .orderBy('id')
    .execute();

describe('scoring versions side by side (ADR 109)', () => {
  const addScoring2 = () => {
    writeFileSync(path.join(dir(), 'v1.scoring.v2.json'), JSON.stringify(SCORING_2, null, 2));
    reload();
  };
  const removeScoring2 = () => {
    rmSync(path.join(dir(), 'v1.scoring.v2.json'), { force: true });
    reload();
  };

  it('scores a draft given before a new scoring version with the version it was given with; new drafts take the newest', async () => {
    const clientId = await newClient();
    const before = await give(clientId);
    expect(before.scoringVersion).toBe(1);
    addScoring2();
    try {
      const after = await give(clientId);
      expect(after.scoringVersion).toBe(2);

      const old = await submit(before);
      expect(old).toMatchObject({ scoringVersion: 1, status: 'submitted' });
      expect(old.result.scales[0]).toMatchObject({ score: 6, band: { id: 'some' } });
      const fresh = await submit(after);
      expect(fresh).toMatchObject({ scoringVersion: 2 });
      expect(fresh.result.scales[0]).toMatchObject({ score: 6, band: { id: 'high' } });

      const csv = await api(alice)('GET', `/clients/${clientId}/scores.csv`);
      const rows = csv.body.trim().split('\r\n');
      expect(rows[0]).toContain('"Scoring version"');
      expect(rows.slice(1)).toEqual([
        expect.stringMatching(/,1,1,"[^"]+","[^"]+","The young person","Worry total",6,,,"Some worry",/),
        expect.stringMatching(/,1,2,"[^"]+","[^"]+","The young person","Worry total",6,,,"High",/),
      ]);
    } finally {
      removeScoring2();
    }
  });

  it('serves each scoring version of a form version by its number; an unknown one is a 404', async () => {
    addScoring2();
    try {
      const newest = await api(alice)('GET', '/questionnaires/worry-check/versions/1');
      expect(newest.json()).toMatchObject({ version: 1, scoringVersion: 2 });
      const pinned = await api(alice)('GET', '/questionnaires/worry-check/versions/1?scoring=1');
      expect(pinned.json()).toMatchObject({ version: 1, scoringVersion: 1 });
      expect(pinned.json().scoring.scales[0].bands[1]).toMatchObject({ id: 'some', min: 4 });
      expect((await api(alice)('GET', '/questionnaires/worry-check/versions/1?scoring=9')).statusCode).toBe(
        404,
      );
      expect((await api(alice)('GET', '/questionnaires/worry-check/versions/1?scoring=x')).statusCode).toBe(
        400,
      );
    } finally {
      removeScoring2();
    }
  });

  it('refuses to save or submit a response whose scoring version is gone, in both languages, and changes nothing', async () => {
    const clientId = await newClient();
    addScoring2();
    const draft = await give(clientId);
    expect(draft.scoringVersion).toBe(2);
    removeScoring2();

    const save = await api(alice)('PUT', `/responses/${draft.id}`, {
      answers: ANSWERS,
      version: draft.version,
    });
    expect(save.statusCode).toBe(409);
    expect(save.json()).toMatchObject({ code: 'SCORING_VERSION_MISSING', scoringVersion: 2 });
    expect(save.json().message).toContain('scoring version 2');
    const submitted = await api(alice, 'tr')('POST', `/responses/${draft.id}/submit`, { answers: ANSWERS });
    expect(submitted.statusCode).toBe(409);
    expect(submitted.json().message).toContain('2. puanlama sürümüyle');

    const now = (await api(alice)('GET', `/responses/${draft.id}`)).json();
    expect(now).toMatchObject({ status: 'draft', version: draft.version, answers: {}, scoringVersion: 2 });
  });
});

describe('POST /api/clients/:id/responses with replaces: a correction', () => {
  it('starts from the original answers, pinned to the original scoring version even when a newer one exists', async () => {
    const clientId = await newClient();
    const original = await submit(await give(clientId));
    writeFileSync(path.join(dir(), 'v1.scoring.v2.json'), JSON.stringify(SCORING_2));
    reload();
    try {
      const correction = await give(clientId, { replaces: original.id });
      expect(correction).toMatchObject({
        status: 'draft',
        replaces: original.id,
        scoringVersion: 1,
        answers: ANSWERS,
      });
    } finally {
      rmSync(path.join(dir(), 'v1.scoring.v2.json'));
      reload();
    }
  });
});

describe('npm run admin -- rescore', () => {
  const admin = (args: string[]) =>
    runAdminCommand({ db: app.db, keys: app.keys, catalog: app.questionnaires }, args);

  it('scores a submitted response again as a new response, keeps the old score, and audits the operator', async () => {
    const clientId = await newClient();
    const original = await submit(await give(clientId));
    writeFileSync(path.join(dir(), 'v1.scoring.v2.json'), JSON.stringify(SCORING_2));
    reload();
    try {
      const { output } = await admin(['rescore', original.id]);
      expect(output).toContain(`${original.id} (worry-check v1, scoring 1) is kept as it was.`);
      expect(output).not.toMatch(/\b6\b/); // no score in an operator's terminal

      const kept = (await api(alice)('GET', `/responses/${original.id}`)).json();
      expect(kept).toMatchObject({ scoringVersion: 1, status: 'submitted', result: original.result });

      const client = (await api(alice)('GET', `/clients/${clientId}`)).json();
      const rescored = client.responses.find((r: { replaces: string | null }) => r.replaces === original.id);
      expect(rescored).toMatchObject({
        scoringVersion: 2,
        status: 'submitted',
        submittedAt: original.submittedAt,
      });
      expect(rescored.result.scales[0]).toMatchObject({ score: 6, band: { id: 'high' } });
      expect(client.results[0].responses.map((r: { id: string }) => r.id)).toEqual([rescored.id]);
      expect(await auditOf(rescored.id)).toEqual([
        { action: 'rescore', actor_kind: 'operator', actor_id: 'rescore' },
      ]);

      await expect(admin(['rescore', original.id])).rejects.toThrow(/already replaced/);
      await expect(admin(['rescore', rescored.id])).rejects.toThrow(/only moves to a newer scoring version/);
    } finally {
      rmSync(path.join(dir(), 'v1.scoring.v2.json'));
      reload();
    }
  });

  it.each([
    [['rescore'], /needs the id of a submitted response/],
    [['rescore', 'not-a-uuid'], /needs the id of a submitted response/],
    [['rescore', '00000000-0000-4000-8000-000000000000'], /No questionnaire response/],
  ])('refuses %j with a clear message', async (args, message) => {
    await expect(admin(args)).rejects.toThrow(message);
  });

  it('refuses a draft and a scoring version the form version does not have', async () => {
    const clientId = await newClient();
    const draft = await give(clientId);
    await expect(admin(['rescore', draft.id])).rejects.toThrow(/is a draft/);
    const done = await submit(await give(clientId));
    await expect(admin(['rescore', done.id, '7'])).rejects.toThrow(
      'worry-check v1 has no scoring version 7 here (available: 1).',
    );
    await expect(admin(['rescore', done.id])).rejects.toThrow(/only moves to a newer scoring version/);
  });
});

describe('giving a questionnaire outside its age range', () => {
  // worry-check is for ages 11 to 17
  const eightYearOld = () => newClient({ ...validSections.demographics, birthDate: '2018-01-15' });

  it('answers 409 AGE_OUTSIDE_RANGE with the ages, in both languages, and creates nothing', async () => {
    const clientId = await eightYearOld();
    for (const [lang, words] of [
      ['en', 'ages 11 to 17; this client is 8'],
      ['tr', '11-17 yaş içindir; kayıttaki doğum tarihine göre bu danışan 8 yaşında'],
    ] as const) {
      const res = await api(alice, lang)('POST', `/clients/${clientId}/responses`, {
        questionnaireId: 'worry-check',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'AGE_OUTSIDE_RANGE', age: 8, ageRange: { min: 11, max: 17 } });
      expect(res.json().message).toContain(words);
    }
    expect((await api(alice)('GET', `/clients/${clientId}`)).json().responses).toEqual([]);
  });

  it('gives it when the practitioner confirms, and records the override in the audit trail', async () => {
    const clientId = await eightYearOld();
    const created = await give(clientId, { ageOverride: true });
    expect((await auditOf(created.id)).map((e) => e.action)).toEqual(['create', 'override-age']);
  });

  it('asks nothing inside the range or without a birth date, and records no override', async () => {
    const inRange = await give(await newClient(), { ageOverride: true });
    expect((await auditOf(inRange.id)).map((e) => e.action)).toEqual(['create']);
    const unknownAge = await newClient({ ...validSections.demographics, birthDate: undefined });
    expect((await give(unknownAge)).status).toBe('draft');
  });

  it('answers 400 to an override that is not a boolean', async () => {
    const clientId = await eightYearOld();
    const res = await api(alice)('POST', `/clients/${clientId}/responses`, {
      questionnaireId: 'worry-check',
      ageOverride: 'yes',
    });
    expect(res.statusCode).toBe(400);
  });
});
