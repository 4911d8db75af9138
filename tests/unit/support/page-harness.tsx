/**
 * A screen drawn as the app draws it, with its real API calls answered by a fake server: the calls made are
 * recorded (method, path, JSON body), so a test checks what the screen sent and what it showed.
 */
import { join } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { httpMessagesFrom } from '../../../src/client/app/http-messages';
import { Toaster, useToastStore } from '../../../src/client/components/toast';
import { type ClientFormEngine, createPrecompiledEngine } from '../../../src/client/forms/client-engine';
import { FormEngineProvider } from '../../../src/client/forms/engine-context';
import { i18n } from '../../../src/client/i18n';
import { configureHttp, createHttpClient, setHttpClient } from '../../../src/client/lib/http';
import { type User, useAuthStore } from '../../../src/client/stores/auth-store';
import { createRegistry } from '../../../src/forms';
import { readJsonTree } from '../../../src/forms/node';
import { precompileSchema } from '../../../src/forms/precompile/compile-form';
import { importPrecompiled, precompileImports } from '../../fixtures/forms/precompiled-engine';

const ROOT = join(import.meta.dirname, '../../..');
let repository: { schemaFiles: Record<string, unknown>; localeFiles: Record<string, unknown> } | undefined;

/** The app's forms and texts, with precompiled validators (as in the browser) for the forms named only. */
export async function formsEngine(forms: string[]): Promise<ClientFormEngine> {
  repository ??= {
    schemaFiles: readJsonTree(join(ROOT, 'schemas')),
    localeFiles: readJsonTree(join(ROOT, 'locales')),
  };
  const validators: Record<string, Awaited<ReturnType<typeof importPrecompiled>>> = {};
  for (const form of createRegistry(repository.schemaFiles).list()) {
    if (!forms.includes(form.id)) continue;
    const key = `${form.id}@${form.version}`;
    validators[key] = await importPrecompiled(precompileSchema(form.schema, precompileImports).code, key);
  }
  return createPrecompiledEngine({ ...repository, validators });
}

export interface FakeCall {
  method: string;
  /** The path after /api/, with its query. */
  path: string;
  body: unknown;
  headers: Headers;
}

export type FakeAnswer = { status?: number; body?: unknown; headers?: Record<string, string> } | Response;
export type FakeRoute = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

/** Answers `METHOD path` (path without /api/ and without the query) by its route; any other call is a 404 and listed. */
export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: FakeCall[] = [];
  const unanswered: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = `${url.pathname.replace(/^\/api\//, '')}${url.search}`;
    const text = await request.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text
    }
    const call: FakeCall = { method: request.method, path, body, headers: request.headers };
    calls.push(call);
    const route = routes[`${request.method} ${url.pathname.replace(/^\/api\//, '')}`];
    if (!route) {
      unanswered.push(`${request.method} ${path}`);
      return json(404, { code: 'NOT_FOUND', message: 'Not found' });
    }
    const answer = await route(call);
    if (answer instanceof Response) return answer;
    return json(answer.status ?? 200, answer.body ?? {}, answer.headers);
  };
  setHttpClient(
    createHttpClient({ prefixUrl: 'http://app.test/api', fetch: fetch as typeof globalThis.fetch }),
  );
  // as main.tsx does: the client's own messages (429, 503, no connection) in the interface language
  configureHttp({ messages: httpMessagesFrom(i18n) });
  return {
    calls,
    unanswered,
    /** The calls to `METHOD path` (path without the query). */
    to: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path.split('?')[0] === path),
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** A practitioner as GET /auth/me answers one. */
export function practitioner(overrides: Partial<User> = {}): User {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ayse@example.com',
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    accountStatus: 'approved',
    ...overrides,
  } as User;
}

/** Where the screen sent the user: drawn for every path but the screen's own. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname}</p>;
}

/** Draws `page` at `path` (signed in as `user` when given), in `lang`, with a forms engine and the toasts. */
export async function renderPage(
  page: ReactElement,
  options: { path?: string; route?: string; lang?: 'en' | 'tr'; user?: User; engine?: ClientFormEngine } = {},
) {
  const { path = '/', route = path.split('?')[0] as string, lang = 'en', user } = options;
  const engine = options.engine ?? (await formsEngine([]));
  await act(() => i18n.changeLanguage(lang));
  if (user) act(() => useAuthStore.getState().login(user, 'token-of-the-test'));
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <FormEngineProvider engine={engine}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={page} />
              <Route path="*" element={<Elsewhere />} />
            </Routes>
            <Toaster />
          </MemoryRouter>
        </FormEngineProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** After each test: the screen gone, signed out, no toasts, English, the real HTTP client. */
export async function resetPage() {
  cleanup();
  act(() => useAuthStore.getState().logout());
  act(() => useToastStore.getState().clear());
  sessionStorage.clear();
  setHttpClient(undefined);
  await act(() => i18n.changeLanguage('en'));
}
