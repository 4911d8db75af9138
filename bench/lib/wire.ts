/** What the product server really sends for a page's scripts: bytes on the wire with a browser's accept-encoding. */
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';

function get(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          body: Buffer.concat(chunks),
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
        }),
      );
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end();
  });
}

export interface WireBytes {
  /** KB as sent (raw bytes of the response bodies). */
  sentKb: number;
  /** KB the same files take gzipped (level 6). */
  gzipKb: number;
  encodings: string[];
}

/** The scripts index.html loads up front (module entry and modulepreloads), fetched as Chromium asks for them. */
export async function initialScriptsOnTheWire(base: string, path: string): Promise<WireBytes> {
  const html = (await get(`${base}${path}`, { accept: 'text/html' })).body.toString('utf8');
  const srcs = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  );
  let sent = 0;
  let gzip = 0;
  const encodings = new Set<string>();
  for (const src of new Set(srcs)) {
    const url = new URL(src, `${base}${path}`).toString();
    const wire = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    sent += wire.body.length;
    encodings.add(wire.encoding);
    const plain = await get(url, {});
    gzip += gzipSync(plain.body, { level: 6 }).length;
  }
  return { sentKb: sent / 1024, gzipKb: gzip / 1024, encodings: [...encodings] };
}
