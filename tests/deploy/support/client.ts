import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';

export interface Target {
  host: string;
  port: number;
  /** TLS with this certificate as the only authority, checked against `servername`. */
  tls?: { ca: string; servername: string };
}

export interface Call {
  method?: string;
  path: string;
  /** The loopback address the call leaves from: the "client" the server should see. */
  from: string;
  headers?: Record<string, string>;
  /** JSON body; writes send `{}` when they have nothing to say (the Origin and content-type rule). */
  body?: unknown;
  /** Origin sent on writes: the product's own (PUBLIC_URL). */
  origin?: string;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field in the tests
  json: any;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** One request on a fresh connection from `from`, as a browser on another machine would send it. */
export function send(target: Target, call: Call): Promise<Answer> {
  const method = call.method ?? 'GET';
  const write = WRITES.has(method);
  const payload = write || call.body !== undefined ? JSON.stringify(call.body ?? {}) : undefined;
  const headers: Record<string, string> = {
    host: target.tls ? `${target.tls.servername}:${target.port}` : `${target.host}:${target.port}`,
    accept: 'application/json',
    ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    ...(write && call.origin ? { origin: call.origin } : {}),
    ...call.headers,
  };
  const options = {
    host: target.host,
    port: target.port,
    method,
    path: call.path,
    localAddress: call.from,
    headers,
    agent: false as const,
  };
  return new Promise<Answer>((resolve, reject) => {
    const request = target.tls
      ? https.request({ ...options, ca: target.tls.ca, servername: target.tls.servername })
      : http.request(options);
    request.setTimeout(15_000, () => request.destroy(new Error(`${method} ${call.path}: no answer in 15 s`)));
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = text ? JSON.parse(text) : undefined;
        } catch {
          json = undefined;
        }
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
      });
    });
    request.end(payload);
  });
}
