import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '../../../src/client/features/auth/api/login';
import { i18n, setLanguage } from '../../../src/client/i18n';
import { createHttpClient, setHttpClient } from '../../../src/client/lib/http';
import {
  rememberLanguageOnAccount,
  startAccountLanguageSync,
} from '../../../src/client/stores/account-language';
import { type User, useAuthStore } from '../../../src/client/stores/auth-store';

const user: User = {
  firstName: 'Ali',
  lastName: 'Can',
  email: 'ali@example.com',
  emailVerified: true,
  language: 'en',
};
const requests: { method: string; url: string; body: unknown }[] = [];

function answerLanguageCalls() {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.method === 'GET' ? undefined : await request.clone().json();
    requests.push({ method: request.method, url: request.url, body });
    const language = (body as { language?: string } | undefined)?.language;
    return new Response(JSON.stringify({ user: { ...user, language } }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  setHttpClient(
    createHttpClient({ prefixUrl: 'http://localhost:3000/api', fetch: fetch as typeof globalThis.fetch }),
  );
}

let stop: () => void = () => undefined;
beforeEach(async () => {
  requests.length = 0;
  useAuthStore.getState().logout();
  await act(() => setLanguage('en'));
  answerLanguageCalls();
  stop = startAccountLanguageSync();
});
afterEach(async () => {
  stop();
  setHttpClient(undefined);
  await act(() => setLanguage('en'));
  localStorage.clear();
  sessionStorage.clear();
});

describe("the account's language", () => {
  it('is applied when a login answers it, whatever this browser chose before', async () => {
    expect(i18n.language).toBe('en');
    useAuthStore.getState().login({ ...user, language: 'tr' }, 'tok');
    await vi.waitFor(() => expect(i18n.language).toBe('tr'));
    expect(localStorage.getItem('lang')).toBe('tr');
  });

  it('is applied when GET /auth/me answers another one (changed on another browser)', async () => {
    useAuthStore.getState().login(user, 'tok');
    useAuthStore.getState().setUser({ ...user, language: 'tr' });
    await vi.waitFor(() => expect(i18n.language).toBe('tr'));
  });

  it('is saved with PUT /auth/language when the practitioner switches while signed in', async () => {
    useAuthStore.getState().login(user, 'tok');
    await act(() => setLanguage('tr'));
    await rememberLanguageOnAccount('tr');
    expect(requests).toEqual([
      { method: 'PUT', url: 'http://localhost:3000/api/auth/language', body: { language: 'tr' } },
    ]);
    expect(useAuthStore.getState().user?.language).toBe('tr');
    expect(i18n.language).toBe('tr');
  });

  it('is not sent when nobody is signed in', async () => {
    await rememberLanguageOnAccount('tr');
    expect(requests).toEqual([]);
  });

  it('chosen on the sign-in page goes with the sign-in and becomes the account language, once', async () => {
    await act(() => setLanguage('tr'));
    await rememberLanguageOnAccount('tr');
    const answer = await login({ email: 'ali@example.com', password: 'pw' });
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      url: 'http://localhost:3000/api/auth/login',
      body: { email: 'ali@example.com', language: 'tr' },
    });
    useAuthStore.getState().login(answer.user, 'tok');
    expect(i18n.language).toBe('tr');
    // the next sign-in in this tab, without a new choice, lets the account's language speak again
    await login({ email: 'ali@example.com', password: 'pw' });
    expect(requests.at(-1)?.body).not.toHaveProperty('language');
  });

  it('not chosen on the sign-in page: the sign-in sends no language and the account keeps its own', async () => {
    await login({ email: 'ali@example.com', password: 'pw' });
    expect(requests.at(-1)?.body).not.toHaveProperty('language');
  });
});
