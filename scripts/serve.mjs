/**
 * `npm run serve`: starts the built server (dist/server/main.js) in this process, or says how to build it;
 * outside production it first says so in one coloured line (ADR 104).
 * Under a process manager run `node dist/server/main.js` directly (npm does not pass SIGTERM on).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/server/main.js');
if (!existsSync(main)) {
  process.stderr.write(
    `The server is not built (${path.relative(process.cwd(), main)} is missing). Run \`npm run build\` first, or \`npm start\`, which builds and serves.\n`,
  );
  process.exit(1);
}
if (process.env.NODE_ENV?.trim() !== 'production') {
  // whoever deploys with the quick start must see, once, that this is not a production server
  const line =
    `Development mode (NODE_ENV=${process.env.NODE_ENV?.trim() || 'unset'}): not for a server others reach. ` +
    'In production: NODE_ENV=production PUBLIC_URL=https://your.domain node dist/server/main.js (README).';
  const colour = process.stdout.isTTY && !process.env.NO_COLOR;
  process.stdout.write(colour ? `\x1b[1;33m${line}\x1b[0m\n` : `${line}\n`);
}
await import(pathToFileURL(main).href);
