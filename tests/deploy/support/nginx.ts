import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NGINX_BIN } from './requirements';

/** The site file of docs/deploy.md, the one an operator copies to /etc/nginx/sites-available. */
export const SITE_FILE = path.resolve('deploy/nginx/platform.conf');

export interface SitePlaces {
  httpPort: number;
  httpsPort: number;
  /** host:port of each instance, in the upstream's order. */
  instances: string[];
  certFile: string;
  keyFile: string;
}

/** Replaces what matches `pattern` by `by`, and stops when the site file no longer has `count` of them. */
function replaceExactly(text: string, pattern: RegExp, by: (index: number) => string, count: number) {
  const found = text.match(pattern)?.length ?? 0;
  if (found !== count) {
    throw new Error(
      `${path.relative(process.cwd(), SITE_FILE)} changed: ${found} match(es) of ${pattern}, ${count} expected; ` +
        'update tests/deploy/support/nginx.ts and docs/deploy.md with it',
    );
  }
  let index = 0;
  return text.replace(pattern, () => by(index++));
}

/**
 * The repository's site file with only the machine's places changed: loopback ports instead of 80 and 443 (no
 * IPv6), the instances' addresses and the test certificate. Every proxy setting is the file's own.
 */
export function renderSite(places: SitePlaces, text = readFileSync(SITE_FILE, 'utf8')): string {
  let site = replaceExactly(text, /listen 80;/g, () => `listen 127.0.0.1:${places.httpPort};`, 1);
  site = replaceExactly(
    site,
    /listen 443 ssl http2;/g,
    () => `listen 127.0.0.1:${places.httpsPort} ssl http2;`,
    1,
  );
  site = replaceExactly(site, /^[ \t]*listen \[::\]:\d+[^;]*;\n/gm, () => '', 2);
  site = replaceExactly(
    site,
    /^[ \t]*server 127\.0\.0\.1:\d+;$/gm,
    (i) => `    server ${places.instances[i]};`,
    places.instances.length,
  );
  site = replaceExactly(site, /ssl_certificate \S+;/g, () => `ssl_certificate ${places.certFile};`, 1);
  site = replaceExactly(site, /ssl_certificate_key \S+;/g, () => `ssl_certificate_key ${places.keyFile};`, 1);
  return site;
}

/** nginx of the test's own: its prefix, pid, logs and temporary files in `dir`, the site file included. */
export class Nginx {
  readonly errorLog: string;
  readonly exited: Promise<void>;
  private stderr = '';

  private constructor(
    readonly dir: string,
    private readonly proc: ChildProcess,
  ) {
    this.errorLog = path.join(dir, 'error.log');
    proc.stderr?.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
    });
    this.exited = new Promise((resolve) => proc.once('exit', () => resolve()));
  }

  static start(dir: string, site: string): Nginx {
    const siteFile = path.join(dir, 'platform.conf');
    writeFileSync(siteFile, site);
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(
      conf,
      [
        'worker_processes 1;',
        `pid ${path.join(dir, 'nginx.pid')};`,
        `error_log ${path.join(dir, 'error.log')} warn;`,
        'events { worker_connections 256; }',
        'http {',
        `  access_log ${path.join(dir, 'access.log')};`,
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${path.join(dir, `${kind}-temp`)};`,
        ),
        `  include ${siteFile};`,
        '}',
        '',
      ].join('\n'),
    );
    const args = ['-p', `${dir}/`, '-c', conf, '-e', path.join(dir, 'error.log')];
    try {
      execFileSync(NGINX_BIN, [...args, '-t', '-q'], { stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      throw new Error(`nginx refuses the configuration: ${(error as { stderr?: Buffer }).stderr ?? error}`);
    }
    // in the foreground, so the test holds the master process and nothing outlives it
    const proc = spawn(NGINX_BIN, [...args, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    return new Nginx(dir, proc);
  }

  get alive(): boolean {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** What nginx said on stderr and in its error log, for a failure's message. */
  said(): string {
    let log = '';
    try {
      log = readFileSync(this.errorLog, 'utf8');
    } catch {
      // not written yet
    }
    return `${this.stderr}${log}`.trim();
  }

  /** A fast shutdown of the master and its worker; SIGKILL when it does not end within 5 s. */
  async stop() {
    if (!this.alive) return;
    this.proc.kill('SIGTERM');
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
  }
}
