import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientFormEngine } from '../../../src/client/forms/client-engine';
import { TEXT_COMMIT_DELAY } from '../../../src/client/forms/pending-edits';
import { setHttpClient } from '../../../src/client/lib/http';
import {
  fakeApi,
  intakeEngine,
  json,
  renderIntake,
  type SentRequest,
} from '../../fixtures/intake/render-intake';
import { validSections } from '../../fixtures/intake/sections';

/** Text typed and not yet handed to the form (ADR 006) is part of every save and counts as unsaved. */

const ID = '3f1c2a9e-5b7d-4c1e-9a2b-1234567890ab';
let engine: ClientFormEngine;

beforeAll(async () => {
  engine = await intakeEngine();
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  setHttpClient(undefined);
});

const FORMS = {
  demographics: { form: 'intake/demographics', version: 1 },
  complaintHistory: { form: 'intake/complaint-history', version: 1 },
  medicalHistory: { form: 'intake/medical-history', version: 1 },
  familySocialLife: { form: 'intake/family-social-life', version: 1 },
};

function record(sections: Record<string, unknown>, version = 1) {
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
    forms: FORMS,
  };
}

const saved = (version: number) =>
  json(200, { id: ID, updatedAt: new Date().toISOString(), version, status: 'draft' });
const saves = (sent: SentRequest[]) => sent.filter((r) => r.method === 'PUT' || r.method === 'POST');
const statusLine = () => document.getElementById('intake-save-status')!;
const field = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement;

async function wait(ms: number) {
  let left = ms;
  do {
    const step = Math.min(left, 50);
    await act(() => vi.advanceTimersByTimeAsync(step));
    left -= step;
  } while (left > 0);
}

async function open(path: string) {
  const view = renderIntake(engine, path);
  await wait(0);
  await wait(0);
  return view;
}

/** One key: the field shows it, the form has not heard of it yet (no pause, no blur). */
function key(id: string, value: string) {
  fireEvent.change(field(id), { target: { value } });
}

describe('text still being typed on an intake section', () => {
  it('is an unsaved change from the first key: the status line says so and leaving asks first', async () => {
    const api = fakeApi((r) =>
      r.method === 'GET' ? json(200, record({ complaintHistory: validSections.complaintHistory })) : saved(2),
    );
    const { router } = await open(`/client-intake/${ID}/complaint-history`);
    expect(statusLine()).toHaveAttribute('data-state', 'saved');
    key('intake_complaintHistory_complaintDescription', 'R');
    expect(statusLine()).toHaveAttribute('data-state', 'dirty');
    await act(() => router.navigate('/dashboard'));
    expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/client-intake/${ID}/complaint-history`);
    expect(saves(api.sent)).toHaveLength(0);
  });

  it('auto-saves 2 s after the last key, with the text of that key', async () => {
    const api = fakeApi((r) =>
      r.method === 'GET' ? json(200, record({ demographics: validSections.demographics })) : saved(2),
    );
    await open(`/client-intake/${ID}`);
    key('intake_demographics_schoolName', 'Cumhuriyet');
    await wait(1500);
    key('intake_demographics_schoolName', 'Cumhuriyet Ortaokulu');
    await wait(1999);
    expect(saves(api.sent)).toHaveLength(0);
    await wait(1);
    expect(saves(api.sent)).toHaveLength(1);
    expect(saves(api.sent)[0]?.body?.demographics).toMatchObject({ schoolName: 'Cumhuriyet Ortaokulu' });
  });

  it('Save Draft right after a key sends that key, without waiting for a pause', async () => {
    const api = fakeApi((r) =>
      r.method === 'GET' ? json(200, record({ demographics: validSections.demographics })) : saved(2),
    );
    await open(`/client-intake/${ID}`);
    key('intake_demographics_schoolName', 'Typed just now');
    fireEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await wait(0);
    await wait(0);
    expect(saves(api.sent)).toHaveLength(1);
    expect(saves(api.sent)[0]?.body).toMatchObject({ demographics: { schoolName: 'Typed just now' } });
  });

  it('Submit Form right after a key checks and sends that key', async () => {
    const api = fakeApi((r) =>
      r.method === 'GET'
        ? json(200, record({ demographics: { ...validSections.demographics, schoolName: '' } }))
        : json(200, { id: ID, updatedAt: new Date().toISOString(), version: 2, status: 'submitted' }),
    );
    await open(`/client-intake/${ID}`);
    key('intake_demographics_schoolName', 'Atatürk İlkokulu');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Form' }));
    await wait(0);
    await wait(0);
    expect(screen.queryByRole('alert', { name: /There is a problem/ })).toBeNull();
    expect(saves(api.sent)).toHaveLength(1);
    expect(saves(api.sent)[0]?.body).toMatchObject({
      status: 'submitted',
      demographics: { schoolName: 'Atatürk İlkokulu' },
    });
  });

  it('after a 409, reloading replaces the text in the field with the saved version', async () => {
    let version = 1;
    const api = fakeApi((r) => {
      if (r.method === 'GET')
        return json(
          200,
          record(
            {
              demographics: {
                ...validSections.demographics,
                schoolName: version > 1 ? 'Saved in the other tab' : validSections.demographics.schoolName,
              },
            },
            version,
          ),
        );
      return json(409, {
        code: 'CONFLICT',
        message: 'Changed elsewhere',
        updatedAt: '2026-11-22T10:15:00.000Z',
        version: 5,
      });
    });
    await open(`/client-intake/${ID}`);
    key('intake_demographics_schoolName', 'Typed in this tab');
    await wait(2000);
    await wait(0);
    expect(document.getElementById('intake-conflict')).not.toBeNull();
    version = 5;
    fireEvent.click(screen.getByRole('button', { name: 'Discard my changes and load the saved version' }));
    await wait(0);
    await wait(0);
    expect(field('intake_demographics_schoolName')).toHaveValue('Saved in the other tab');
    expect(statusLine()).toHaveAttribute('data-state', 'saved');
    await wait(TEXT_COMMIT_DELAY + 5000);
    expect(saves(api.sent)).toHaveLength(1);
  });
});
