import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fixtureClientTexts,
  fixturePasswords,
  isNationalId,
  leaksIn,
  scanFolders,
} from '../../scripts/scan-logs.mjs';
import { printableLink } from '../../src/server/mail/mailer';
import { nationalId, STRONG_PASSWORD } from './support/fixtures';

const known = { passwords: fixturePasswords(), clientTexts: fixtureClientTexts() };
const TOKEN = 'q3Z9xK_7bW-2mR4tY8uN1pL6vC0sD5fG9hJ2kE7aB3c';
const folder = mkdtempSync(path.join(os.tmpdir(), 'scan-logs-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const line = (msg: string, extra = '') =>
  `{"level":30,"time":${Date.now()},"pid":1,"reqId":"req-1",${extra}"msg":${JSON.stringify(msg)}}`;

describe('scripts/scan-logs.mjs (the log scan at the end of npm test)', () => {
  it('knows the fixtures: their passwords and client texts', () => {
    expect(known.passwords).toContain(STRONG_PASSWORD);
    expect(known.clientTexts).toContain('Refuses to go to school most mornings.');
  });

  it.each([
    ['an issued token', line('session', `"token":"${TOKEN}",`), 'a 32-byte token (base64url)'],
    [
      'an unscrubbed token= in a URL',
      line('incoming', '"url":"/api/auth/verify-email?token=abc",'),
      'an unscrubbed token= in a URL',
    ],
    [
      'an unscrubbed respondent link token in a path',
      line('incoming', '"url":"/api/respond/short-but-a-token/submit",'),
      'an unscrubbed respondent link token in a path',
    ],
    [
      'a respondent page path in a full address',
      line('mail', '"link":"http://localhost:3000/r/short-but-a-token",'),
      'an unscrubbed respondent link token in a path',
    ],
    [
      'a respondent page path in a readable line',
      '[09:05:07.042] INFO: [req-1] GET /r/short-but-a-token incoming request',
      'an unscrubbed respondent link token in a path',
    ],
    ['a fixture password', line(`login with ${STRONG_PASSWORD}`), 'a fixture password'],
    [
      'a valid national ID',
      line('step2', `"nationalId":"${nationalId(987654321)}",`),
      'a national ID (valid checksum)',
    ],
    [
      'a client text',
      line('saved Refuses to go to school most mornings.'),
      'a client text from the fixtures',
    ],
  ])('finds %s', (_name, leaking, kind) => {
    expect(leaksIn(leaking, known)).toContain(kind);
  });

  it('passes clean lines: scrubbed URLs, ids, timestamps, numbers that fail the checksum', () => {
    const clean = [
      line('incoming request', '"url":"/api/auth/verify-email?token=[redacted]",'),
      line('incoming request', '"url":"/api/respond/[redacted]/submit",'),
      line('incoming request', '"url":"/r/[redacted]",'),
      // a random unrouted path that only contains /r/ further in: no respondent link there
      line('incoming request', '"url":"/api/a0/r/bcdefghij",'),
      line('incoming request', '"url":"/api/x/api/respond/bcdefghij",'),
      line('incoming request', `"url":"/api/a'(/r/bcdefghij",`),
      line('request completed', '"responseTime":12.5,"statusCode":200,'),
      // the decimals of a response time that pass the checksum by chance (seen in a real run)
      line('request completed', '"responseTime":171.48941499996,'),
      line('created', '"intake":"1b4e28ba-2fa1-4d2b-883f-0016d3cca427",'),
      // a UUID and a digest whose digits pass the checksum by chance (the UUID seen in a real run)
      line('incoming request', `"url":"/api/responses/e03e76dd-7d18-4e4a-98cd-${nationalId(366148898)}e",`),
      line('stored', `"sha256":"ab${nationalId(366148898)}cdef0123456789abcdef",`),
      line('number', '"n":"12345678901",'),
    ];
    expect(isNationalId('12345678901')).toBe(false);
    expect(isNationalId('48941499996')).toBe(true);
    expect(isNationalId(nationalId(366148898))).toBe(true);
    for (const text of clean) expect(leaksIn(text, known)).toEqual([]);
  });

  it('fails the run naming file and line, never printing the secret', () => {
    writeFileSync(
      path.join(folder, 'server.log'),
      [line('fine'), line('oops', `"token":"${TOKEN}",`)].join('\n'),
    );
    expect(scanFolders([folder], { known }).findings).toEqual([
      { file: path.join(folder, 'server.log'), line: 2, kind: 'a 32-byte token (base64url)' },
    ]);
    const run = spawnSync(process.execPath, ['scripts/scan-logs.mjs', folder], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('server.log:2: a 32-byte token (base64url)');
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
  });

  it('skips no mail-link line: a respondent or verification link printed in full fails the scan', () => {
    const printed = (link: string) => line(`[dev] mail link: ${link}`, '"devMailLink":true,');
    writeFileSync(
      path.join(folder, 'server.log'),
      [
        printed(`http://localhost:3000/r/${TOKEN}`),
        printed(`http://localhost:3000/verify-email?token=${TOKEN}`),
      ].join('\n'),
    );
    const { findings } = scanFolders([folder], { known });
    expect(findings.map((f) => [f.line, f.kind])).toEqual([
      [1, 'an unscrubbed respondent link token in a path'],
      [1, 'a 32-byte token (base64url)'],
      [2, 'an unscrubbed token= in a URL'],
      [2, 'a 32-byte token (base64url)'],
    ]);
  });

  it('passes a respondent link as the development log prints it (token hidden)', () => {
    const shown = printableLink('respondentLink', `http://localhost:3000/r/${TOKEN}`);
    expect(shown).not.toContain(TOKEN);
    expect(leaksIn(line(`[dev] respondentLink link: ${shown}`, '"devMailLink":true,'), known)).toEqual([]);
  });

  it('fails when no log line was captured at all (a scan that checked nothing)', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'scan-logs-empty-'));
    try {
      const run = spawnSync(process.execPath, ['scripts/scan-logs.mjs', empty], { encoding: 'utf8' });
      expect(run.status).toBe(1);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('skips lines written before the run started (--since)', () => {
    const old = `{"level":30,"time":${Date.now() - 3_600_000},"msg":"token ${TOKEN}"}`;
    writeFileSync(path.join(folder, 'server.log'), [old, line('fine')].join('\n'));
    expect(scanFolders([folder], { known, since: Date.now() - 60_000 }).findings).toEqual([]);
    expect(scanFolders([folder], { known }).findings).toHaveLength(1);
  });
});
