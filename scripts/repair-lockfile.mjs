// Records in package-lock.json the optional platform builds (e.g. @biomejs/cli-darwin-arm64) that npm
// leaves out when the registry it reaches serves only this machine's platform. Without them `npm ci`
// refuses the lock file as out of sync. Run after every `npm install` that changes the lock (ADR 005).
import { readFileSync, writeFileSync } from 'node:fs';

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPU = ['x64', 'arm64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

/** os, cpu and libc from a platform package's name: `cli-linux-x64-musl`, `oxide-wasm32-wasi`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const entry = {};
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu];
  if (os === 'linux') entry.libc = [parts.includes('musl') ? 'musl' : 'glibc'];
  return entry;
}

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const added = [];
for (const [key, pkg] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(pkg.optionalDependencies ?? {})) {
    const at = `node_modules/${name}`;
    if (lock.packages[at] || lock.packages[`${key}/${at}`]) continue;
    const platform = platformOf(name);
    if (!platform.os && !platform.cpu) continue;
    lock.packages[at] = {
      version: spec.replace(/^[\^~=]/, ''),
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added.push(`${name}@${lock.packages[at].version}`);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length ? `recorded ${added.length} platform builds:\n  ${added.join('\n  ')}` : 'lock file complete',
);
