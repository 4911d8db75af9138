/** Helpers of the questionnaire journeys: a client (an intake record) and a submitted response through the API. */
import type { Page } from '@playwright/test';
import { apiAddress, expect, PASSWORD } from '../account/support/fixtures';
import { text } from '../intake/support';

/** A session token for API calls of the signed-in practitioner (a second session of the same account). */
export async function apiToken(page: Page, email: string): Promise<string> {
  const res = await page.request.post('/api/auth/login', {
    headers: apiAddress(),
    data: { email, password: PASSWORD, rememberMe: false },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).accessToken as string;
}

/** A birth date that makes a client this many years old today (and three months), whatever today is. */
export function birthDateAged(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCMonth(date.getUTCMonth() - 3);
  return date.toISOString().slice(0, 10);
}

/** A client is an intake record: one with demographics, made through the API (10 years old unless told). */
export async function createClient(
  page: Page,
  token: string,
  firstName: string,
  lastName: string,
  birthDate = birthDateAged(10),
) {
  const res = await page.request.post('/api/client-intake', {
    headers: { authorization: `Bearer ${token}`, ...apiAddress() },
    data: {
      status: 'draft',
      demographics: { clientFirstName: firstName, clientLastName: lastName, birthDate },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

/** Gives a questionnaire and submits these answers through the API; answers the response. */
export async function submitResponse(
  page: Page,
  token: string,
  clientId: string,
  questionnaireId: string,
  answers: Record<string, unknown>,
  language?: 'en' | 'tr',
) {
  const headers = { authorization: `Bearer ${token}`, ...apiAddress() };
  const given = await page.request.post(`/api/clients/${clientId}/responses`, {
    headers,
    data: { questionnaireId, ...(language && { language }) },
  });
  expect(given.status(), await given.text()).toBe(201);
  const { id } = await given.json();
  const submitted = await page.request.post(`/api/responses/${id}/submit`, { headers, data: { answers } });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return submitted.json();
}

/**
 * Makes a Turkish respondent link on the open client page through its form: the questionnaire (by its form id),
 * who answers and a label; answers the link's address.
 */
export async function issueTurkishLink(
  page: Page,
  formId: string,
  respondent: 'guardian' | 'teacher' | 'self',
  label: string,
): Promise<string> {
  const q = (key: string) => text('tr', 'questionnaires', key);
  const create = page.locator('form').filter({ hasText: q('links.intro') });
  await create
    .getByLabel(q('give.questionnaire'), { exact: true })
    .selectOption({ label: text('tr', formId, '_form.title') });
  await create.getByLabel(q('links.respondent')).selectOption({ label: q(`respondents.${respondent}`) });
  await create.getByRole('radio', { name: q('languages.tr') }).check();
  await create.getByLabel(q('links.label')).fill(label);
  await create.getByRole('button', { name: q('links.create') }).click();
  const url = (await page.getByTestId('issued-link-url').textContent())?.trim() ?? '';
  expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
  return url;
}
