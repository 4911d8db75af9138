import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain .mjs script without types
import { buildServer } from '../../scripts/build-server.mjs';
import { whyNoDeploy } from './support/requirements';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The built server's main.js, run as the systemd unit runs it (node dist/server/main.js). */
    deployServerMain: string;
    /** Why the recipe cannot be brought up here; empty when it can. */
    deployMissing: string;
  }
}

/** Builds the server once, as `npm run build` does, and says loudly when nginx cannot be started here. */
export default async function setup(project: TestProject) {
  const missing = whyNoDeploy() ?? '';
  project.provide('deployMissing', missing);
  if (missing) {
    process.stderr.write(`\n\x1b[1;31m!! The deployment recipe cannot be tested: ${missing}.\x1b[0m\n\n`);
    if (process.env.CI === 'true')
      throw new Error(`Under CI the deployment recipe must be tested: ${missing}`);
    project.provide('deployServerMain', '');
    return;
  }
  mkdirSync('tmp', { recursive: true });
  const outDir = mkdtempSync(path.resolve('tmp', 'deploy-server-'));
  project.provide('deployServerMain', await buildServer({ outdir: outDir }));
  return () => rmSync(outDir, { recursive: true, force: true });
}
