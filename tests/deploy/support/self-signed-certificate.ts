import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface Certificate {
  certFile: string;
  keyFile: string;
  /** The certificate itself, for the test client to trust (it is its own authority). */
  pem: string;
}

/** A one-day certificate for localhost and 127.0.0.1 made with openssl, as an operator would for a trial. */
export function selfSignedCertificate(dir: string): Certificate {
  const certFile = path.join(dir, 'fullchain.pem');
  const keyFile = path.join(dir, 'privkey.pem');
  execFileSync(
    '/usr/bin/openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return { certFile, keyFile, pem: readFileSync(certFile, 'utf8') };
}
