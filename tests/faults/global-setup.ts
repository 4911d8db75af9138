import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain .mjs script without types
import { buildServer } from '../../scripts/build-server.mjs';
import {
  type ClusterInfo,
  createPrivateCluster,
  removeCluster,
  whyNoPrivateCluster,
} from './support/private-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built server's main.js (node dist/server/main.js as production runs it). */
    serverMain: string;
    /** The private PostgreSQL, or why there is none. */
    cluster: ClusterInfo | { missing: string };
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Builds the server once and starts the suite's own PostgreSQL; both go away at the end. */
export default async function setup(project: TestProject) {
  mkdirSync('tmp', { recursive: true });
  const outDir = mkdtempSync(path.resolve('tmp', 'faults-server-'));
  const serverMain: string = await buildServer({ outdir: outDir });
  project.provide('serverMain', serverMain);

  let cluster: ClusterInfo | undefined;
  const missing = whyNoPrivateCluster();
  if (missing) {
    process.stderr.write(
      `\n\x1b[1;31m!! The PostgreSQL fault tests cannot run: ${missing}.\x1b[0m\n` +
        '\x1b[1;31m!! Only the embedded-database (PGlite) fault tests run.\x1b[0m\n\n',
    );
    if (process.env.CI === 'true') throw new Error(`Under CI every fault test must run: ${missing}`);
    project.provide('cluster', { missing });
  } else {
    cluster = createPrivateCluster(await freePort());
    project.provide('cluster', cluster);
  }

  return () => {
    if (cluster) removeCluster(cluster);
    rmSync(outDir, { recursive: true, force: true });
  };
}
