import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/client/lib/api-error';
import { configureHttp, createHttpClient, http, setHttpClient } from '../../../src/client/lib/http';
import { useAuthStore } from '../../../src/client/stores/auth-store';
import { connectHttpToSession } from '../../../src/client/stores/session-actions';

type Handler = (request: Request) => Response | Promise<Response>;

const seen: Request[] = [];
function answer(handler: Handler) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push(request.clone());
    return handler(request);
  });
  setHttpClient(
    createHttpClient({ prefixUrl: 'http://localhost:3000/api', fetch: fetch as typeof globalThis.fetch }),
  );
  return fetch;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const user = { firstName: 'Ali', lastName: 'Veli', email: 'ali@example.com', emailVerified: true };
const onUnauthorized = vi.fn();

beforeEach(() => {
  seen.length = 0;
  onUnauthorized.mockReset();
  connectHttpToSession();
  configureHttp({ onUnauthorized });
  useAuthStore.getState().logout();
});
afterEach(() => setHttpClient(undefined));

describe('the HTTP client (spec sections 7 and 8)', () => {
  it('prefixes /api, sends JSON with credentials and the Bearer token of the session', async () => {
    useAuthStore.getState().login(user, 'secret-token');
    answer(() => json(200, { user }));
    await expect(http.get('auth/me')).resolves.toEqual({ user });
    const request = seen[0]!;
    expect(request.url).toBe('http://localhost:3000/api/auth/me');
    expect(request.headers.get('authorization')).toBe('Bearer secret-token');
    expect(request.credentials).toBe('include');
  });

  it('sends no Authorization header without a token', async () => {
    answer(() => json(200, { ok: true }));
    await http.post('auth/forgot-password', { email: 'a@b.co' });
    expect(seen[0]!.headers.get('authorization')).toBeNull();
    expect(await seen[0]!.json()).toEqual({ email: 'a@b.co' });
  });

  it('turns a JSON error into a typed ApiError with code, message and fields', async () => {
    answer(() =>
      json(400, {
        code: 'VALIDATION_FAILED',
        message: 'Check the form',
        fields: { 'address.city': 'Required' },
      }),
    );
    const error = await http.post('auth/signup/step1', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Check the form',
      serverMessage: 'Check the form',
      fields: { 'address.city': 'Required' },
    });
  });

  it('a 401 on an ordinary call drops the session and goes to /login', async () => {
    useAuthStore.getState().login(user, 'expired-token');
    answer(() => json(401, { code: 'UNAUTHORIZED', message: 'Session ended' }));
    await expect(http.get('auth/me')).rejects.toMatchObject({ status: 401 });
    expect(useAuthStore.getState()).toMatchObject({ token: null, user: null, isAuthenticated: false });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it.each(['auth/login', 'auth/signup/step2'])('a 401 from %s leaves the session alone', async (path) => {
    useAuthStore.getState().login(user, 'token');
    answer(() => json(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }));
    await expect(http.post(path, {})).rejects.toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    expect(useAuthStore.getState().token).toBe('token');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a 401 without a session (a public page asking) does not redirect', async () => {
    answer(() => json(401, { code: 'UNAUTHORIZED', message: 'Not signed in' }));
    await expect(http.get('auth/me')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a 429 with Retry-After says how long to wait and exposes the delay', async () => {
    answer(() => json(429, { code: 'RATE_LIMITED', message: 'Slow down' }, { 'retry-after': '30' }));
    const error = (await http.post('auth/forgot-password', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Too many requests. Please try again in 30 seconds.');
    expect(error.retryAfter).toBe(30);
    expect(error.serverMessage).toBe('Slow down');
  });

  it('a 429 without a delay says "Please try again later."', async () => {
    answer(() => json(429, { code: 'RATE_LIMITED' }));
    const error = (await http.post('auth/forgot-password', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Please try again later.');
    expect(error.retryAfter).toBeUndefined();
  });

  it('a 429 is not retried by the client itself', async () => {
    const fetch = answer(() => json(429, {}, { 'retry-after': '1' }));
    await http.get('auth/check-email').catch(() => undefined);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a network failure becomes an ApiError with status 0', async () => {
    answer(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(http.get('config')).rejects.toMatchObject({ status: 0, name: 'ApiError' });
  });

  it('answers 204 with undefined', async () => {
    answer(() => new Response(null, { status: 204 }));
    await expect(http.post('auth/logout')).resolves.toBeUndefined();
  });

  it('sends a POST or PUT with nothing to say as the JSON body {} (the server refuses bodiless writes, ADR 102)', async () => {
    answer(() => new Response(null, { status: 204 }));
    await http.post('auth/logout');
    await http.put('auth/language');
    for (const request of seen) {
      expect(request.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await request.text()).toBe('{}');
    }
    expect(seen.map((r) => r.method)).toEqual(['POST', 'PUT']);
  });

  it('sends a DELETE without a body or a content type', async () => {
    answer(() => new Response(null, { status: 204 }));
    await http.delete('client-intake/x');
    expect(seen[0]!.headers.get('content-type')).toBeNull();
    expect(await seen[0]!.text()).toBe('');
  });
});
