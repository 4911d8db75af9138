import ky, { HTTPError, type KyInstance, type Options, TimeoutError } from 'ky';
import { ERROR_CODES } from '../../shared';
import { ApiError, type FieldErrors } from './api-error';
import { parseRetryAfter } from './retry-after';

/** Texts the client makes up itself; the app swaps in translated ones at start-up. */
export interface HttpMessages {
  tooManyRequestsIn(seconds: number): string;
  tooManyRequests(): string;
  network(): string;
  timeout(): string;
  /** The server (or a proxy before it) answered 502/503/504: it is briefly away, not broken. */
  unavailable(): string;
  generic(): string;
}

const englishMessages: HttpMessages = {
  tooManyRequestsIn: (n) => `Too many requests. Please try again in ${n} seconds.`,
  tooManyRequests: () => 'Please try again later.',
  network: () => 'Could not reach the server. Please check your connection and try again.',
  timeout: () => 'The server took too long to answer. Please try again.',
  unavailable: () =>
    'The service is briefly unavailable. Please try again in a few seconds; what you have entered stays here.',
  generic: () => 'An unexpected error occurred. Please try again.',
};

export interface HttpSettings {
  messages: HttpMessages;
  /** The session's token, sent as `Authorization: Bearer`; none, no header. */
  getToken: () => string | null;
  /** A call that carried the token was answered 401: the session has ended, drop it. */
  onSessionEnded: () => void;
  /** Called after a 401 dropped the session; the app sends the browser to /login. */
  onUnauthorized: () => void;
}

const settings: HttpSettings = {
  messages: englishMessages,
  getToken: () => null,
  onSessionEnded: () => undefined,
  onUnauthorized: () => window.location.assign('/login'),
};

/**
 * Set at start-up (`main.tsx`, the app's router): the texts, and the session through `connectHttpToSession`
 * (stores/session-actions.ts), so this module imports no store.
 */
export function configureHttp(next: Partial<HttpSettings>): void {
  Object.assign(settings, next);
}

/** Calls that answer 401 as part of their normal flow (wrong password), not because a session ended. */
const SESSION_EXEMPT = [/^auth\/login\b/, /^auth\/signup\//];

function pathOf(request: Request, prefix: string): string {
  const url = new URL(request.url);
  const base = new URL(prefix);
  return url.pathname.slice(base.pathname.length).replace(/^\/+/, '');
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

async function readBody(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    return asRecord(await response.clone().json());
  } catch {
    return undefined;
  }
}

/** Statuses that mean "away for a moment" (a proxy's 502/504 too): a calm message, and callers may retry. */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

/** Turns whatever ky threw into an ApiError; 429 gets the spec's wording and the delay, 503 a calm word. */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) return responseToApiError(error.response);
  if (error instanceof TimeoutError) return new ApiError({ status: 0, message: settings.messages.timeout() });
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  return new ApiError({ status: 0, message: settings.messages.network() });
}

async function responseToApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response);
  const serverMessage = typeof body?.message === 'string' ? body.message : undefined;
  const code = typeof body?.code === 'string' ? body.code : undefined;
  const fields = asRecord(body?.fields) as FieldErrors | undefined;
  const retryAfter =
    parseRetryAfter(response.headers.get('retry-after')) ?? parseRetryAfter(body?.retryAfter);
  let message = serverMessage ?? settings.messages.generic();
  if (response.status === 429) {
    message =
      retryAfter !== undefined
        ? settings.messages.tooManyRequestsIn(retryAfter)
        : settings.messages.tooManyRequests();
  }
  if (UNAVAILABLE_STATUSES.has(response.status)) {
    // a proxy's 502/504 has no JSON: the same calm text and code as our own 503
    return new ApiError({
      status: response.status,
      message: settings.messages.unavailable(),
      code: code ?? ERROR_CODES.SERVICE_UNAVAILABLE,
      retryAfter,
      body,
      serverMessage,
    });
  }
  return new ApiError({ status: response.status, message, code, fields, retryAfter, body, serverMessage });
}

export function createHttpClient(options: { prefixUrl?: string; fetch?: typeof fetch } = {}): KyInstance {
  const prefixUrl = options.prefixUrl ?? new URL('/api', window.location.origin).toString();
  return ky.create({
    prefixUrl,
    timeout: 30_000,
    credentials: 'include',
    // react-query owns retries (one); ky's own would wait out a 429 silently
    retry: 0,
    fetch: options.fetch,
    hooks: {
      beforeRequest: [
        (request) => {
          const token = settings.getToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
          request.headers.set('Accept-Language', document.documentElement.lang || 'en');
        },
      ],
      afterResponse: [
        (request, _options, response) => {
          if (response.status !== 401) return;
          if (SESSION_EXEMPT.some((rule) => rule.test(pathOf(request, prefixUrl)))) return;
          // a 401 without a session (public pages polling) is an answer, not an expired session
          if (!request.headers.get('Authorization')) return;
          settings.onSessionEnded();
          settings.onUnauthorized();
        },
      ],
    },
  });
}

let client: KyInstance | undefined;

function getClient(): KyInstance {
  client ??= createHttpClient();
  return client;
}

/** Replaces the shared client (tests point it at a fake fetch). */
export function setHttpClient(next: KyInstance | undefined): void {
  client = next;
}

async function send<T>(run: (c: KyInstance) => Promise<Response>): Promise<T> {
  try {
    const response = await run(getClient());
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    throw await toApiError(error);
  }
}

/** A file the server sends as an attachment, with the name it gives in Content-Disposition. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

async function download(path: string, fallbackName: string): Promise<DownloadedFile> {
  try {
    const response = await getClient().get(path);
    const disposition = response.headers.get('content-disposition') ?? '';
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
    return { blob: await response.blob(), fileName };
  } catch (error) {
    throw await toApiError(error);
  }
}

/**
 * The one HTTP client: paths are relative to /api (no leading slash). A POST or PUT always carries a JSON body
 * (`{}` when the call has nothing to say): the server refuses any other write with 415 (ADR 102).
 */
export const http = {
  get: <T>(path: string, options?: Options) => send<T>((c) => c.get(path, options)),
  post: <T>(path: string, json: unknown = {}, options?: Options) =>
    send<T>((c) => c.post(path, { ...options, json })),
  put: <T>(path: string, json: unknown = {}, options?: Options) =>
    send<T>((c) => c.put(path, { ...options, json })),
  delete: <T>(path: string, options?: Options) => send<T>((c) => c.delete(path, options)),
  upload: uploadFile,
  download,
};

/**
 * Multipart upload of one file under `file`, with progress 0..1. Uses XMLHttpRequest because
 * fetch can only report upload progress through request streams, which Chromium refuses on HTTP/1.1.
 */
function uploadFile<T>(path: string, file: File, onProgress?: (fraction: number) => void): Promise<T> {
  const url = new URL(path, `${new URL('/api/', window.location.origin)}`).toString();
  const body = new FormData();
  body.append('file', file);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = 30_000;
    const token = settings.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept-Language', document.documentElement.lang || 'en');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const response = new Response(xhr.status === 204 ? null : xhr.responseText, {
        status: xhr.status,
        headers: { 'retry-after': xhr.getResponseHeader('retry-after') ?? '' },
      });
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
      } else {
        void responseToApiError(response).then(reject);
      }
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, message: settings.messages.network() }));
    xhr.ontimeout = () => reject(new ApiError({ status: 0, message: settings.messages.timeout() }));
    xhr.send(body);
  });
}
