/**
 * The product's Vite config plus a build manifest, built into bench/.out/app so the benchmarks never touch
 * dist/. If the project config does not yet register the form-validators plugin, it is added here (the
 * client imports `virtual:form-validators`) and the run notes it.
 */
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { mergeConfig, type PluginOption, type UserConfig } from 'vite';
import { formValidators } from '../scripts/vite-form-validators';
import project from '../vite.config';

const outDir = fileURLToPath(new URL('./.out/app', import.meta.url));

function hasPlugin(plugins: readonly unknown[] | undefined, name: string): boolean {
  return (plugins ?? []).some((p) =>
    Array.isArray(p) ? hasPlugin(p, name) : !!p && typeof p === 'object' && 'name' in p && p.name === name,
  );
}

const base = project as UserConfig;
const missingValidators = !hasPlugin(base.plugins, 'form-validators');

/** Writes each chunk's modules and their gzip sizes next to the manifest, for the bundle breakdown. */
function moduleSizes(): PluginOption {
  return {
    name: 'bench-module-sizes',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        // gzip of each module's rendered code on its own: not additive, but it ranks the contributors
        chunks[file] = Object.fromEntries(
          Object.entries(output.modules).map(([id, info]) => [
            id,
            info.code ? gzipSync(info.code, { level: 6 }).length : info.renderedLength,
          ]),
        );
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(chunks) });
    },
  };
}

export default mergeConfig(base, {
  plugins: [...(missingValidators ? [formValidators()] : []), moduleSizes()],
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false, reportCompressedSize: false },
} satisfies UserConfig);
