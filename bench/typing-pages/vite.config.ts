/**
 * Builds the typing-benchmark pages into bench/.out/typing-pages. The root is the repository, because the
 * product's SchemaForm bundles `/schemas` and `/locales` by root-relative globs.
 */
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { formValidators } from '../../scripts/vite-form-validators';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  root: here('../..'),
  plugins: [react(), tailwindcss(), formValidators()],
  logLevel: 'warn',
  build: {
    outDir: here('../.out/typing-pages'),
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 4000,
    rollupOptions: {
      input: {
        rjsf: here('./rjsf.html'),
        textarea: here('./textarea.html'),
        'schema-form': here('./schema-form.html'),
      },
    },
  },
});
