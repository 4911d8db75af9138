import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpMessagesFrom } from '../../../src/client/app/http-messages';
import {
  configureHttp,
  createHttpClient,
  type HttpMessages,
  http,
  setHttpClient,
} from '../../../src/client/lib/http';

const account = (lang: string) => JSON.parse(readFileSync(`locales/${lang}/account.json`, 'utf8'));

function answer(response: () => Response) {
  const fetch = vi.fn(async () => response());
  setHttpClient(
    createHttpClient({
      prefixUrl: 'http://localhost:3000/api',
      fetch: fetch as unknown as typeof globalThis.fetch,
    }),
  );
}

const calm =
  'The service is briefly unavailable. Please try again in a few seconds; what you have entered stays here.';

afterEach(() => setHttpClient(undefined));

// the English texts again after a language test (the module keeps the messages it was given)
const englishI18n = i18next.createInstance();
await englishI18n.init({ lng: 'en', resources: { en: { account: account('en') } }, ns: ['account'] });

describe('the HTTP client when the API is briefly unavailable (503)', () => {
  it('turns 503 SERVICE_UNAVAILABLE into a calm message with the code and the Retry-After delay', async () => {
    answer(
      () =>
        new Response(JSON.stringify({ code: 'SERVICE_UNAVAILABLE', message: 'server text', retryAfter: 5 }), {
          status: 503,
          headers: { 'content-type': 'application/json', 'retry-after': '5' },
        }),
    );
    const error = await http.put('client-intake/x', { status: 'draft' }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      retryAfter: 5,
      message: calm,
      serverMessage: 'server text',
    });
  });

  it.each([
    [502, 'a proxy whose upstream is gone'],
    [503, 'a proxy draining'],
    [504, 'a proxy that waited too long'],
  ])('answers %s from %s (no JSON) with the same calm message', async (status) => {
    answer(
      () => new Response('<html>Bad Gateway</html>', { status, headers: { 'content-type': 'text/html' } }),
    );
    const error = await http.get('auth/me').catch((e: unknown) => e);
    expect(error).toMatchObject({ status, code: 'SERVICE_UNAVAILABLE', message: calm });
  });

  it('a 500 keeps the server message: a failure, not an outage', async () => {
    answer(
      () =>
        new Response(JSON.stringify({ code: 'INTERNAL_ERROR', message: 'An unexpected error occurred.' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const error = await http.get('auth/me').catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 500,
      code: 'INTERNAL_ERROR',
      message: 'An unexpected error occurred.',
    });
  });

  it.each([
    ['en', calm],
    [
      'tr',
      'Hizmete şu anda kısa bir süreliğine ulaşılamıyor. Lütfen birkaç saniye sonra tekrar deneyin; girdiğiniz bilgiler burada duruyor.',
    ],
  ])('says it in the interface language (%s)', async (lang, text) => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: lang, resources: { [lang]: { account: account(lang) } }, ns: ['account'] });
    const messages: HttpMessages = httpMessagesFrom(i18n);
    configureHttp({ messages });
    try {
      answer(() => new Response('', { status: 503 }));
      const error = await http.get('auth/me').catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 503, message: text });
    } finally {
      configureHttp({ messages: httpMessagesFrom(englishI18n) });
    }
  });
});
