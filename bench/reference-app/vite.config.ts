/**
 * Builds the bundle-size reference app into bench/.out/reference-app, with a manifest. BENCH_REFERENCE_ENTRY
 * builds one of the floors instead (floor: React + router; rjsf-core: + RJSF with a precompiled validator)
 * into bench/.out/reference-<entry>.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const entry = process.env.BENCH_REFERENCE_ENTRY;
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  root: here('.'),
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: here(entry ? `../.out/reference-${entry}` : '../.out/reference-app'),
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 2000,
    rollupOptions: { input: here(entry ? `./${entry}.html` : './index.html') },
  },
});
