// Scans the server logs of a test run for secrets: an issued token, an unscrubbed `token=`, a fixture password,
// a valid Turkish national ID or a client text from the fixtures, on every line (a mail link printed for a developer
// too: test servers log to files, which never hold one; ADR 104). Reports file and line, never the secret.
// Usage: node scripts/scan-logs.mjs [--since PATH] [--json REPORT] DIR...   (exit 1 when something leaked)
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The checksum every Turkish national ID passes (the same rule as the form engine's format). */
export function isNationalId(digits) {
  if (!/^[1-9]\d{10}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const odd = d[0] + d[2] + d[4] + d[6] + d[8];
  const even = d[1] + d[3] + d[5] + d[7];
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  return d[9] === tenth && d.slice(0, 10).reduce((a, b) => a + b, 0) % 10 === d[10];
}

function filesUnder(dir, test) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((file) => test(file) && statSync(file).isFile());
}

const PASSWORD_RULE = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[!@#$%^&*?])[^\s'"`$/\\.=]{8,64}$/;

/** Passwords the tests type: every quoted literal in tests/ that passes the sign-up password rules. */
export function fixturePasswords(root = ROOT) {
  const found = new Set();
  for (const file of filesUnder(
    join(root, 'tests'),
    (f) => /\.tsx?$/.test(f) && !f.includes('node_modules'),
  )) {
    for (const [, literal] of readFileSync(file, 'utf8').matchAll(/['"`]([^'"`\s]{8,64})['"`]/g)) {
      if (PASSWORD_RULE.test(literal)) found.add(literal);
    }
  }
  return [...found];
}

/** Client texts the tests enter: the sentences of the intake fixtures and of the end-to-end intake journey. */
export function fixtureClientTexts(root = ROOT) {
  const found = new Set();
  const sources = [
    join(root, 'tests/fixtures/intake/sections.ts'),
    ...filesUnder(join(root, 'tests/e2e/intake'), (f) => f.endsWith('.ts')),
  ];
  for (const file of sources.filter(existsSync)) {
    for (const [, literal] of readFileSync(file, 'utf8').matchAll(/'([^'\n]{12,200})'/g)) {
      if (/\s/.test(literal) && /^[\p{L}][\p{L}\d ,.'-]+$/u.test(literal) && !literal.includes('${')) {
        found.add(literal);
      }
    }
  }
  return [...found];
}

// 32 random bytes in base64url: 43 characters; a random one holds upper, lower case and a digit
const TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
const UNSCRUBBED = /token=(?!\[redacted\])(?!%5Bredacted%5D)[^&\s"'\\]+/i;
// a respondent link's token is a path segment (/r/<token>, /api/respond/<token>): the scrubber must hide it.
// A request line's URL is read as the scrubber reads it, from its start: a random unrouted path such as
// /api/x/r/abcdefgh (the fuzz tries thousands) holds no link token. Elsewhere in a line (a message, a full
// address) the path counts where it begins: after a space, a quote, a bracket or a host.
const LINK_PATH = String.raw`\/(?:api\/respond|r)\/(?!\[redacted\])(?!%5Bredacted%5D)[A-Za-z0-9_-]{8,}`;
const UNSCRUBBED_LINK_URL = new RegExp(`^${LINK_PATH}`);
const UNSCRUBBED_LINK_PATH = new RegExp(`(?:^|[\\s"'(]|:\\/\\/[^\\s/"']+)${LINK_PATH}`);
const URL_FIELD = /"url":"((?:[^"\\]|\\.)*)"/g;

/** Whether a line shows a respondent link's token: in a request's URL, or anywhere else in the line. */
function showsLinkToken(line) {
  let rest = line;
  for (const [field, url] of line.matchAll(URL_FIELD)) {
    if (UNSCRUBBED_LINK_URL.test(url)) return true;
    rest = rest.replace(field, '"url":""');
  }
  return UNSCRUBBED_LINK_PATH.test(rest);
}
// eleven digits standing alone: not part of a longer number, nor the decimals of one (a response time such as
// 171.48941499996 can pass the checksum by chance)
const ELEVEN_DIGITS = /(?<!\d|\d\.)\d{11}(?!\d)/g;
// identifiers written in hex (a UUID, a digest) hold runs of digits by chance: a UUID's last group such as
// 36614889896e passed the checksum in a real run. They are taken out of the line before the digits are read.
const HEX_IDENTIFIER =
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?<![A-Za-z0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{16,}(?![A-Za-z0-9])/gi;

/** What leaks in one line: a list of kinds (empty when the line is clean). */
export function leaksIn(line, known) {
  const kinds = [];
  if (UNSCRUBBED.test(line)) kinds.push('an unscrubbed token= in a URL');
  if (showsLinkToken(line)) kinds.push('an unscrubbed respondent link token in a path');
  for (const [candidate] of line.matchAll(TOKEN)) {
    if (/[A-Z]/.test(candidate) && /[a-z]/.test(candidate) && /\d/.test(candidate)) {
      kinds.push('a 32-byte token (base64url)');
      break;
    }
  }
  for (const [digits] of line.replace(HEX_IDENTIFIER, '-').matchAll(ELEVEN_DIGITS)) {
    if (isNationalId(digits)) {
      kinds.push('a national ID (valid checksum)');
      break;
    }
  }
  if (known.passwords.some((p) => line.includes(p))) kinds.push('a fixture password');
  if (known.clientTexts.some((text) => line.includes(text))) kinds.push('a client text from the fixtures');
  return kinds;
}

/** Scans every file under the folders; lines stamped (pino's "time") before `since` are skipped. */
export function scanFolders(folders, { since = 0, known } = {}) {
  const secrets = known ?? { passwords: fixturePasswords(), clientTexts: fixtureClientTexts() };
  const findings = [];
  let files = 0;
  let lines = 0;
  for (const folder of folders) {
    for (const file of filesUnder(folder, () => true)) {
      if (statSync(file).mtimeMs < since) continue;
      files += 1;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (line.trim() === '') return;
          const time = /"time":(\d{13})/.exec(line);
          if (time && Number(time[1]) < since) return;
          lines += 1;
          for (const kind of leaksIn(line, secrets)) findings.push({ file, line: index + 1, kind });
        });
    }
  }
  return { files, lines, findings };
}

function main(argv) {
  const folders = [];
  let since = 0;
  let report;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--since') since = statSync(argv[++i]).mtimeMs;
    else if (argv[i] === '--json') report = argv[++i];
    else folders.push(argv[i]);
  }
  const { files, lines, findings } = scanFolders(folders, { since });
  for (const f of findings) console.error(`${relative(process.cwd(), f.file)}:${f.line}: ${f.kind}`);
  const ok = findings.length === 0 && lines > 0;
  if (lines === 0) console.error('log scan: no server log line was captured, so nothing was checked');
  console.log(
    `log scan: ${lines} log lines in ${files} files, ${findings.length} leak(s)` +
      (ok ? ': no token, password, national ID or client text' : ''),
  );
  if (report)
    writeFileSync(
      report,
      JSON.stringify({ passed: ok ? 1 : 0, failed: ok ? 0 : 1, lines, findings: findings.length }),
    );
  return ok ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1])
  process.exit(main(process.argv.slice(2)));
