/**
 * `npm run serve`: starts the built server (dist/server/main.js) in this process, or says how to build it.
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
await import(pathToFileURL(main).href);
