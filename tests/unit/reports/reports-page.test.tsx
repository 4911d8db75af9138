import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { istanbulToday } from '../../../src/client/features/reports/report-query';
import { ReportsPage } from '../../../src/client/features/reports/reports-page';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { loadQuestionnaireCatalog } from '../../../src/forms/node';
import type { QuestionnaireDefinition } from '../../../src/forms/questionnaires';
import { type ChangeReport, type LibraryEntry, yearEndingOn } from '../../../src/shared';
import { shippedQuestionnaires } from '../../fixtures/questionnaires/shipped';
import { type FakeCall, fakeApi, practitioner, renderPage, resetPage } from '../support/page-harness';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let engine: ClientFormEngine;
let definitions: Record<string, QuestionnaireDefinition>;
beforeAll(async () => {
  const shipped = await shippedQuestionnaires();
  engine = shipped.engine;
  const catalog = loadQuestionnaireCatalog({ schemasDir: shipped.schemasDir });
  definitions = {
    'home-routines': catalog.get('home-routines', 1),
    'school-day': catalog.get('school-day', 1),
  };
});
afterEach(resetPage);

/** A library card as GET /questionnaires gives it, for what the report reads. */
function entry(def: QuestionnaireDefinition, title: string): LibraryEntry {
  return {
    id: def.id,
    formId: def.formId,
    version: def.version,
    scoringVersion: def.scoringVersion,
    title: { en: title, tr: title },
    description: { en: '', tr: '' },
    respondents: def.meta.respondents,
    itemCount: def.itemIds.length,
    minutes: def.meta.minutes,
    languages: ['en', 'tr'],
    ageRange: def.meta.ageRange,
    licence: def.meta.licence,
    flags: {},
  } as LibraryEntry;
}

/** A report as GET /reports/change answers the query it was asked. */
function reportFor(call: FakeCall, extra: Partial<ChangeReport> = {}): ChangeReport {
  const query = Object.fromEntries(new URL(`http://x/${call.path}`).searchParams);
  return {
    questionnaireId: query.questionnaire as string,
    version: 1,
    scoringVersion: 1,
    scaleId: query.scale as string,
    respondent: (query.respondent ?? null) as ChangeReport['respondent'],
    from: query.from as string,
    to: query.to as string,
    criteria: { threshold: 6.2, cutoff: 9, higherIs: 'worse' },
    counts: { improved: 1, noChange: 0, deteriorated: 0, singleScore: 1, recovered: 1 },
    clients: [
      {
        clientId: 'c1',
        name: 'Deniz Kaya',
        outcome: 'improved',
        recovered: true,
        first: { responseId: 'r1', submittedAt: '2026-03-01T09:00:00.000Z', score: 14 },
        last: { responseId: 'r2', submittedAt: '2026-09-01T09:00:00.000Z', score: 5 },
      },
      {
        clientId: 'c2',
        name: 'Ela Demir',
        outcome: 'singleScore',
        recovered: null,
        first: { responseId: 'r3', submittedAt: '2026-05-01T09:00:00.000Z', score: 7 },
        last: null,
      },
    ],
    ...extra,
  } as ChangeReport;
}

function server(routes: Parameters<typeof fakeApi>[0] = {}) {
  const home = definitions['home-routines'] as QuestionnaireDefinition;
  const school = definitions['school-day'] as QuestionnaireDefinition;
  return fakeApi({
    'GET auth/me': () => ({ body: { user: practitioner() } }),
    'GET config': () => ({ body: {} }),
    'GET questionnaires': () => ({ body: [entry(home, 'Home Routines'), entry(school, 'School Day')] }),
    'GET reports/questionnaires': () => ({ body: { questionnaires: ['school-day', 'home-routines'] } }),
    'GET questionnaires/school-day/versions/1': () => ({ body: school }),
    'GET questionnaires/home-routines/versions/1': () => ({ body: home }),
    'GET reports/change': (call) => ({ body: reportFor(call) }),
    ...routes,
  });
}

const query = (call: FakeCall) => Object.fromEntries(new URL(`http://x/${call.path}`).searchParams);

describe('the change report', () => {
  it('opens on the questionnaire last answered, its first scale and informant, the twelve months to today', async () => {
    const api = server();
    await renderPage(<ReportsPage />, { path: '/reports', user: practitioner(), engine });

    expect((await screen.findAllByText('Deniz Kaya')).length).toBeGreaterThan(0);
    const today = istanbulToday();
    expect(api.to('GET', 'reports/change').map(query)).toEqual([
      {
        questionnaire: 'school-day',
        scale: 'focus',
        respondent: 'guardian',
        to: today,
        from: yearEndingOn(today),
      },
    ]);
    expect(screen.getByLabelText('Questionnaire')).toHaveValue('school-day');
    expect(screen.getByLabelText('Who answered')).toHaveValue('guardian');
    expect(
      screen.getByText('A reliable change is a difference of at least 6.2 points.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Ela Demir').length).toBeGreaterThan(0);
    expect(screen.getAllByText('One score only').length).toBeGreaterThan(0);
    expect(api.unanswered).toEqual([]);
  });

  it('a changed scale asks for that report, and the address keeps the choice', async () => {
    const api = server();
    await renderPage(<ReportsPage />, {
      path: '/reports?questionnaire=school-day&scale=focus&respondent=teacher&from=2026-01-01&to=2026-06-30',
      user: practitioner(),
      engine,
    });
    expect((await screen.findAllByText('Deniz Kaya')).length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('Scale'), { target: { value: 'gettingAlong' } });
    await waitFor(() => expect(api.to('GET', 'reports/change')).toHaveLength(2));
    expect(api.to('GET', 'reports/change').map(query)).toEqual([
      {
        questionnaire: 'school-day',
        scale: 'focus',
        respondent: 'teacher',
        from: '2026-01-01',
        to: '2026-06-30',
      },
      {
        questionnaire: 'school-day',
        scale: 'gettingAlong',
        respondent: 'teacher',
        from: '2026-01-01',
        to: '2026-06-30',
      },
    ]);
    expect(screen.getByLabelText('Scale')).toHaveValue('gettingAlong');
  });

  it('a period the server refuses is named at its field, in Turkish', async () => {
    server({
      'GET reports/change': () => ({
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Rapor ayarlarını düzeltin.',
          fields: { from: 'Başlangıç tarihi bitişten sonra olamaz.' },
        },
      }),
    });
    await renderPage(<ReportsPage />, {
      path: '/reports?questionnaire=home-routines&from=2026-09-01&to=2026-01-01',
      lang: 'tr',
      user: practitioner(),
      engine,
    });
    expect(await screen.findByText('Başlangıç tarihi bitişten sonra olamaz.')).toBeInTheDocument();
    expect(screen.queryByText('Deniz Kaya')).toBeNull();
  });

  it('a scale without change parameters lists the clients and says changes are not counted; a failed CSV says so', async () => {
    const api = server({
      'GET reports/change': (call) => ({ body: reportFor(call, { criteria: null, counts: null }) }),
      'GET reports/change.csv': () => ({ status: 500, body: { code: 'INTERNAL', message: 'x' } }),
    });
    await renderPage(<ReportsPage />, {
      path: '/reports?questionnaire=home-routines',
      user: practitioner(),
      engine,
    });
    expect(
      await screen.findByText(/This scale's scoring gives no reliable change parameters/),
    ).toBeInTheDocument();
    const list = screen.getAllByText('Deniz Kaya')[0]?.closest('ul') as HTMLElement;
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The CSV could not be downloaded. Please try again.')).toBeInTheDocument();
    expect(api.to('GET', 'reports/change.csv').map(query)).toEqual([
      expect.objectContaining({ questionnaire: 'home-routines', scale: 'sleep' }),
    ]);
  });
});
