import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../../src/client/components/toast';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { i18n } from '../../../src/client/i18n';
import { setHttpClient } from '../../../src/client/lib/http';
import {
  fakeApi,
  intakeEngine,
  json,
  renderIntake,
  type SentRequest,
} from '../../fixtures/intake/render-intake';
import { validSections } from '../../fixtures/intake/sections';

const ID = '3f1c2a9e-5b7d-4c1e-9a2b-1234567890ab';
let engine: ClientFormEngine;

beforeAll(async () => {
  engine = await intakeEngine();
});
beforeEach(() => {
  vi.useFakeTimers();
  useToastStore.getState().clear();
});
afterEach(() => {
  vi.useRealTimers();
  setHttpClient(undefined);
});

const saved = (version: number, id = ID) =>
  json(200, { id, updatedAt: new Date().toISOString(), version, status: 'draft' });

/** A record holding the given sections, as GET /client-intake/:id answers it. */
function record(sections: Record<string, unknown>, version = 1) {
  const forms = {
    demographics: { form: 'intake/demographics', version: 1 },
    complaintHistory: { form: 'intake/complaint-history', version: 1 },
    medicalHistory: { form: 'intake/medical-history', version: 1 },
    familySocialLife: { form: 'intake/family-social-life', version: 1 },
  };
  return {
    id: ID,
    status: 'draft',
    version,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    submittedAt: null,
    demographics: null,
    complaintHistory: null,
    medicalHistory: null,
    familySocialLife: null,
    ...sections,
    forms,
  };
}

const saves = (sent: SentRequest[]) => sent.filter((r) => r.method === 'POST' || r.method === 'PUT');
const statusLine = () => document.getElementById('intake-save-status')!;
/** Lets `ms` go by in small steps, React rendering between them as a browser would (typing pauses commit). */
async function wait(ms: number) {
  let left = ms;
  do {
    const step = Math.min(left, 50);
    await act(() => vi.advanceTimersByTimeAsync(step));
    left -= step;
  } while (left > 0);
}

async function openSection(path: string, api: ReturnType<typeof fakeApi>) {
  const view = renderIntake(engine, path);
  await wait(0);
  await wait(0);
  return { ...view, api };
}

function type(id: string, value: string) {
  const input = document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement;
  fireEvent.change(input, { target: { value } });
}

describe('auto-save on an intake section', () => {
  it.each([
    ['en', 'Not saved yet: the client is added when you save.', 'Save Draft'],
    ['tr', 'Henüz kaydedilmedi: danışan, siz kaydettiğinizde eklenir.', 'Taslak Olarak Kaydet'],
  ])(
    '(%s) a new intake waits for Save Draft: then the record gets its address without a reload and auto-saves on',
    async (lang, notCreated, saveDraft) => {
      await act(() => i18n.changeLanguage(lang));
      try {
        const api = fakeApi((r) =>
          r.method === 'POST'
            ? json(201, { id: ID, updatedAt: new Date().toISOString(), version: 1, status: 'draft' })
            : json(404, {}),
        );
        const { router } = await openSection('/client-intake/new', api);
        type('intake_demographics_clientFirstName', 'Ayşe');
        await wait(6000);
        // a name alone never becomes a second client of the same name
        expect(saves(api.sent)).toHaveLength(0);
        expect(statusLine()).toHaveTextContent(notCreated);
        fireEvent.click(screen.getByRole('button', { name: saveDraft }));
        await wait(0);
        await wait(0);
        expect(saves(api.sent)).toHaveLength(1);
        expect(api.sent[0]).toMatchObject({
          method: 'POST',
          path: 'client-intake',
          body: { status: 'draft' },
        });
        expect(api.sent[0]?.body?.demographics).toMatchObject({
          clientFirstName: 'Ayşe',
          meetingAttendees: [],
        });
        expect(router.state.location.pathname).toBe(`/client-intake/${ID}`);
        expect(router.state.historyAction).toBe('REPLACE');
        // the same screen: what was typed is still in the field, and the next save is a PUT with the version
        expect(document.getElementById('intake_demographics_clientFirstName')).toHaveValue('Ayşe');
        expect(statusLine()).toHaveAttribute('data-state', 'saved');
        api.reply = () => saved(2);
        act(() => useToastStore.getState().clear());
        type('intake_demographics_clientLastName', 'Yılmaz');
        await wait(2000);
        expect(saves(api.sent).at(-1)).toMatchObject({
          method: 'PUT',
          path: `client-intake/${ID}`,
          body: { version: 1 },
        });
        // auto-save shows no toast
        expect(useToastStore.getState().toasts).toEqual([]);
      } finally {
        await act(() => i18n.changeLanguage('en'));
      }
    },
    // the first render of the file builds the form engine: slow on a busy machine
    15_000,
  );

  it('does not save when nothing changed, or a change was undone', async () => {
    const api = fakeApi((r) =>
      r.method === 'GET' ? json(200, record({ demographics: validSections.demographics })) : saved(2),
    );
    await openSection(`/client-intake/${ID}`, api);
    expect(document.getElementById('intake_demographics_clientFirstName')).toHaveValue('Ayşe');
    await wait(10_000);
    type('intake_demographics_schoolName', 'Another school');
    type('intake_demographics_schoolName', validSections.demographics.schoolName);
    await wait(10_000);
    expect(saves(api.sent)).toHaveLength(0);
    expect(statusLine()).toHaveAttribute('data-state', 'saved');
  });

  it('never sends two saves at once: changes made during a slow save wait for its answer', async () => {
    let release: (() => void) | undefined;
    const api = fakeApi((r) => {
      if (r.method === 'GET') return json(200, record({ complaintHistory: validSections.complaintHistory }));
      return new Promise<Response>((resolve) => {
        release = () => resolve(saved(Number(r.body?.version) + 1));
      });
    });
    await openSection(`/client-intake/${ID}/complaint-history`, api);
    type('intake_complaintHistory_complaintTriggers', 'Mondays, tests and crowded buses.');
    await wait(2000);
    expect(saves(api.sent)).toHaveLength(1);
    expect(statusLine()).toHaveAttribute('data-state', 'saving');
    expect(screen.getByRole('button', { name: 'Save Draft' })).toBeDisabled();
    type('intake_complaintHistory_complaintTriggers', 'Mondays, tests, crowded buses and noise.');
    await wait(10_000);
    expect(saves(api.sent)).toHaveLength(1);
    await act(async () => release?.());
    await wait(2000);
    expect(saves(api.sent)).toHaveLength(2);
    expect(saves(api.sent)[1]?.body).toMatchObject({
      version: 2,
      complaintHistory: { complaintTriggers: 'Mondays, tests, crowded buses and noise.' },
    });
  });

  it('retries a failed save silently, saying on the status line that changes are not saved yet', async () => {
    let fail = true;
    const api = fakeApi((r) => {
      if (r.method === 'GET') return json(200, record({ demographics: validSections.demographics }));
      return fail ? json(503, { code: 'UNAVAILABLE', message: 'down' }) : saved(2);
    });
    await openSection(`/client-intake/${ID}`, api);
    type('intake_demographics_schoolName', 'Cumhuriyet Ortaokulu');
    await wait(2000);
    await wait(0);
    expect(saves(api.sent)).toHaveLength(1);
    expect(statusLine()).toHaveAttribute('data-state', 'failed');
    expect(statusLine()).toHaveTextContent('Not saved yet, retrying...');
    expect(useToastStore.getState().toasts).toEqual([]);
    fail = false;
    await wait(2000);
    await wait(0);
    expect(saves(api.sent)).toHaveLength(2);
    expect(statusLine()).toHaveAttribute('data-state', 'saved');
    expect(statusLine()).toHaveTextContent(/^Last saved \d{2}:\d{2}$/);
  });

  it('a brand-new intake with a phone not right yet saves as a draft, gets its id and keeps the message beside the field', async () => {
    const api = fakeApi((r) =>
      r.method === 'POST'
        ? json(201, { id: ID, updatedAt: new Date().toISOString(), version: 1, status: 'draft' })
        : saved(2),
    );
    const { router } = await openSection('/client-intake/new', api);
    type('intake_demographics_clientFirstName', 'Elif');
    type('intake_demographics_guardianPhone', '0532 123 45');
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await wait(0);
    await wait(0);
    expect(saves(api.sent)).toHaveLength(1);
    expect(api.sent[0]?.body?.demographics).toMatchObject({ guardianPhone: '0532 123 45' });
    expect(router.state.location.pathname).toBe(`/client-intake/${ID}`);
    expect(statusLine()).toHaveAttribute('data-state', 'saved');
    expect(
      screen.getAllByText('Please enter a valid phone number (e.g., +905xxxxxxxxx or 05xxxxxxxxx)').length,
    ).toBeGreaterThan(0);
  });

  it('a phone typed with spaces is shown as stored after the save: +905321234567', async () => {
    const api = fakeApi((r) =>
      r.method === 'GET' ? json(200, record({ demographics: validSections.demographics })) : saved(2),
    );
    await openSection(`/client-intake/${ID}`, api);
    type('intake_demographics_guardianPhone', '(0532) 123-45-67');
    await wait(2000);
    await wait(0);
    expect(saves(api.sent)[0]?.body?.demographics).toMatchObject({ guardianPhone: '(0532) 123-45-67' });
    expect(document.getElementById('intake_demographics_guardianPhone')).toHaveValue('+905321234567');
    expect(statusLine()).toHaveAttribute('data-state', 'saved');
  });

  it('sections 2-4 never auto-save without a record: they ask for the demographics first', async () => {
    const api = fakeApi(() => json(500, {}));
    await openSection('/client-intake/new/complaint-history', api);
    expect(screen.getByText('Complete Demographics First')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Demographics Section' })).toHaveAttribute(
      'href',
      '/client-intake/new',
    );
    await wait(10_000);
    expect(api.sent).toHaveLength(0);
  });

  it('a 409 keeps the typed text, stops auto-saving and offers to overwrite or reload', async () => {
    const api = fakeApi((r) =>
      r.method === 'GET'
        ? json(200, record({ demographics: validSections.demographics }))
        : json(409, {
            code: 'CONFLICT',
            message: 'Changed elsewhere',
            updatedAt: '2026-11-22T10:15:00.000Z',
            version: 5,
          }),
    );
    await openSection(`/client-intake/${ID}`, api);
    type('intake_demographics_schoolName', 'Typed in this tab');
    await wait(2000);
    await wait(0);
    expect(document.getElementById('intake-conflict')).toHaveTextContent(
      'This intake was changed in another tab or window',
    );
    expect(statusLine()).toHaveAttribute('data-state', 'conflict');
    expect(document.getElementById('intake_demographics_schoolName')).toHaveValue('Typed in this tab');
    type('intake_demographics_schoolName', 'Typed in this tab, and more');
    await wait(30_000);
    expect(saves(api.sent)).toHaveLength(1);

    api.reply = () => saved(6);
    fireEvent.click(screen.getByRole('button', { name: 'Save my changes over it' }));
    await wait(0);
    await wait(0);
    expect(saves(api.sent)[1]?.body).toMatchObject({
      version: 5,
      demographics: { schoolName: 'Typed in this tab, and more' },
    });
    expect(document.getElementById('intake-conflict')).toBeNull();
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['Form saved as draft']);
  });
});
