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
  act(() => useToastStore.getState().clear());
});
afterEach(() => {
  vi.useRealTimers();
  setHttpClient(undefined);
});

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const toasts = () => useToastStore.getState().toasts.map((t) => ({ type: t.type, title: t.title }));
const saves = (sent: SentRequest[]) => sent.filter((r) => r.method === 'POST' || r.method === 'PUT');

function record(sections: Record<string, unknown>) {
  return {
    id: ID,
    status: 'draft',
    version: 3,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    submittedAt: null,
    demographics: null,
    complaintHistory: null,
    medicalHistory: null,
    familySocialLife: null,
    forms: {},
    ...sections,
  };
}

/** GET answers the record; saves answer `save` (default: a successful save). */
function api(sections: Record<string, unknown>, save?: (r: SentRequest) => Response) {
  return fakeApi((r) =>
    r.method === 'GET'
      ? json(200, record(sections))
      : (save?.(r) ??
        json(200, { id: ID, updatedAt: new Date().toISOString(), version: 4, status: r.body?.status })),
  );
}

async function open(path: string) {
  const view = renderIntake(engine, path);
  await wait(0);
  await wait(0);
  return view;
}

async function click(name: string) {
  fireEvent.click(screen.getByRole('button', { name }));
  await wait(0);
  await wait(0);
}

describe('intake section buttons (spec sections 2, 4 and 8)', () => {
  it('shows loaded dates as dates and the spec buttons of section 1', async () => {
    api({ demographics: { ...validSections.demographics, birthDate: '2014-03-09' } });
    await open(`/client-intake/${ID}`);
    // day, month and year fields (ADR 063); the day field carries the field's id
    expect(document.getElementById('intake_demographics_birthDate')).toHaveValue('9');
    expect(document.getElementById('intake_demographics_birthDate-month')).toHaveValue('3');
    expect(document.getElementById('intake_demographics_birthDate-year')).toHaveValue('2014');
    const names = screen
      .getAllByRole('button')
      .map((b) => b.textContent)
      .filter((n) => ['Save Draft', 'Save & Continue', 'Submit Form'].includes(n ?? ''));
    expect(names).toEqual(['Save & Continue', 'Save Draft', 'Submit Form']);
    // one primary action: Save & Continue on sections 1-3, Submit a quieter one
    expect(screen.getByRole('button', { name: 'Save & Continue' }).className).toContain('bg-accent-700');
    expect(screen.getByRole('button', { name: 'Submit Form' }).className).not.toContain('bg-accent-700');
    expect(screen.queryByRole('link', { name: /^← Back to/ })).toBeNull();
  });

  it('Save Draft sends status draft and toasts "Form saved as draft"', async () => {
    const fake = api({ demographics: validSections.demographics });
    await open(`/client-intake/${ID}`);
    await click('Save Draft');
    expect(saves(fake.sent)).toHaveLength(1);
    expect(saves(fake.sent)[0]).toMatchObject({ method: 'PUT', body: { status: 'draft', version: 3 } });
    expect(toasts()).toEqual([{ type: 'success', title: 'Form saved as draft' }]);
  });

  it('a failed manual save toasts "Failed to save form" and shows the server field messages', async () => {
    api({ demographics: validSections.demographics }, () =>
      json(400, {
        code: 'VALIDATION_FAILED',
        message: 'Please correct the errors.',
        fields: { 'demographics.schoolName': 'School name must not exceed 100 characters' },
      }),
    );
    await open(`/client-intake/${ID}`);
    await click('Save Draft');
    expect(toasts()).toEqual([{ type: 'error', title: 'Failed to save form' }]);
    expect(screen.getAllByText('School name must not exceed 100 characters').length).toBeGreaterThan(0);
  });

  it('section 2: Back to Demographics, Save & Continue goes on to the medical history', async () => {
    api({ demographics: validSections.demographics, complaintHistory: validSections.complaintHistory });
    const { router } = await open(`/client-intake/${ID}/complaint-history`);
    expect(screen.getByRole('link', { name: 'Back to Demographics' })).toHaveAttribute(
      'href',
      `/client-intake/${ID}`,
    );
    expect(screen.getByRole('button', { name: 'Submit Form' }).className).not.toContain('bg-accent-700');
    await click('Save & Continue');
    expect(toasts()).toEqual([{ type: 'success', title: 'Form saved as draft' }]);
    expect(router.state.location.pathname).toBe(`/client-intake/${ID}/medical-history`);
  });

  it("section 4: Submit Form sends status submitted and lands on the client's page, without a toast", async () => {
    const fake = api({ familySocialLife: validSections.familySocialLife });
    const { router } = await open(`/client-intake/${ID}/family-social-life`);
    expect(screen.queryByRole('button', { name: 'Save & Continue' })).toBeNull();
    await click('Submit Form');
    expect(saves(fake.sent)[0]?.body).toMatchObject({ status: 'submitted' });
    expect(toasts()).toEqual([]);
    expect(router.state.location.pathname).toBe(`/patients/${ID}`);
  });

  it.each([
    ['en', 'Intake of Ayşe Yılmaz submitted', 'View the summary of Ayşe Yılmaz'],
    ['tr', 'Ayşe Yılmaz adlı danışanın ön görüşme formu gönderildi', 'Ayşe Yılmaz özetini görüntüle'],
  ])("section 1 (%s): Submit Form lands on the client's page, which says so", async (lang, title, link) => {
    await act(() => i18n.changeLanguage(lang));
    try {
      api({ demographics: validSections.demographics });
      const { router } = await open(`/client-intake/${ID}`);
      await click(lang === 'en' ? 'Submit Form' : 'Formu Gönder');
      expect(router.state.location.pathname).toBe(`/patients/${ID}`);
      expect(router.state.location.state).toEqual({ submittedIntake: { id: ID, clientName: 'Ayşe Yılmaz' } });
      await wait(0);
      expect(screen.getByText(title)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: link })).toHaveAttribute(
        'href',
        `/client-intake/${ID}/summary`,
      );
      expect(toasts()).toEqual([]);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('Submit from section 1 of a fresh intake submits nothing, saves the draft and lists the missing sections', async () => {
    const incomplete = {
      code: 'INTAKE_INCOMPLETE',
      message: 'The intake cannot be submitted yet.',
      sections: {
        demographics: { birthDate: 'Birth date is required' },
        complaintHistory: { complaintDescription: 'Complaint description is required' },
        medicalHistory: { prenatalPostnatalHistory: 'Prenatal and postnatal history is required' },
        familySocialLife: { familyStructure: 'Family structure is required' },
      },
    };
    const fake = fakeApi((r) =>
      r.body?.status === 'submitted'
        ? json(422, incomplete)
        : json(201, { id: ID, updatedAt: new Date().toISOString(), version: 1, status: 'draft' }),
    );
    const { router } = await open('/client-intake/new');
    fireEvent.change(document.getElementById('intake_demographics_clientFirstName')!, {
      target: { value: 'Elif' },
    });
    await click('Submit Form');
    await wait(0);
    expect(saves(fake.sent).map((r) => r.body?.status)).toEqual(['submitted', 'draft']);
    const list = screen.getByRole('alert', { name: 'This intake cannot be submitted yet' });
    for (const title of ['Demographics', 'Complaint History', 'Medical History', 'Family & Social Life'])
      expect(list).toHaveTextContent(title);
    expect(screen.getAllByText('Birth date is required').length).toBeGreaterThan(1);
    expect(toasts()).not.toContainEqual(expect.objectContaining({ title: 'Form submitted successfully' }));
    expect(router.state.location.pathname).toBe(`/client-intake/${ID}`);
    await wait(1500);
    expect(router.state.location.pathname).toBe(`/client-intake/${ID}`);
  });

  it("a refused submit shows the server's message, else 'Failed to submit form'", async () => {
    let body: object = { code: 'VALIDATION_FAILED', message: 'Please complete every section.' };
    api({ demographics: validSections.demographics }, () => json(400, body));
    await open(`/client-intake/${ID}`);
    await click('Submit Form');
    expect(toasts()).toEqual([{ type: 'error', title: 'Please complete every section.' }]);
    act(() => useToastStore.getState().clear());
    body = {};
    await click('Submit Form');
    expect(toasts()).toEqual([{ type: 'error', title: 'Failed to submit form' }]);
  });

  it('a failed load toasts "Failed to load form data"', async () => {
    fakeApi(() => json(500, {}));
    await open(`/client-intake/${ID}/medical-history`);
    await wait(0);
    expect(toasts()).toEqual([{ type: 'error', title: 'Failed to load form data' }]);
    expect(screen.getByText('The intake could not be loaded')).toBeInTheDocument();
  });

  it('sections 3 and 4 without a record show "Complete Previous Sections First"', async () => {
    fakeApi(() => json(500, {}));
    await open('/client-intake/new/medical-history');
    expect(screen.getByText('Complete Previous Sections First')).toBeInTheDocument();
  });
});
