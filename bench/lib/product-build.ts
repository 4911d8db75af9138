import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchContext } from '../sections/context';
import { runToEnd } from './processes';
import type { ProductServer } from './servers';

/** The product client built for the bench: section 1's build of this run, or one made here (reused if present). */
export async function productBuild(ctx: BenchContext, productServer: ProductServer): Promise<string> {
  if (productServer.clientDir) return productServer.clientDir;
  const dir = join(ctx.outDir, 'app');
  if (!existsSync(join(dir, 'index.html'))) {
    ctx.log('building the product client (bench/vite.app.config.ts)');
    await runToEnd(
      'vite build (product)',
      join(ctx.root, 'node_modules/.bin/vite'),
      ['build', '--config', 'bench/vite.app.config.ts'],
      { cwd: ctx.root, env: { ...process.env, NODE_ENV: 'production' }, timeoutMs: 240_000 },
    );
  }
  return dir;
}
