// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every text asset of dist/client,
// so the server sends compressed files without compressing on each request (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist/client';
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;

function* files(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(dir)) {
  const content = readFileSync(file);
  // tiny files gain nothing and cost a second request header
  if (statSync(file).size < 1024) continue;
  const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
  before += content.length;
  after += br.length;
}
console.log(
  `compressed ${count} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB (brotli)`,
);
