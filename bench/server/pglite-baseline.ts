/**
 * The memory baseline: an empty PGlite database opened in a bare Node process, nothing else. With
 * BENCH_PGLITE_CREATE=1 it only creates the database (initdb) and exits, so the measured run opens an
 * existing one, as a server restart does. Section 5 bundles it and runs it with plain `node`, as the server runs.
 */
import { PGlite } from '@electric-sql/pglite';

const dir = process.env.BENCH_PGLITE_DIR;
if (!dir) throw new Error('BENCH_PGLITE_DIR is required');
const db = await PGlite.create(dir);
await db.query('select 1');
if (process.env.BENCH_PGLITE_CREATE === '1') {
  await db.close();
  process.exit(0);
}
process.stdout.write('ready\n');
process.once('SIGTERM', () => void db.close().then(() => process.exit(0)));
setInterval(() => undefined, 60_000);
