import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { formValidators } from './src/forms/vite-plugin';

export default defineConfig({
  root: '.',
  plugins: [react(), tailwindcss(), formValidators()],
  resolve: {
    alias: [
      // no form enables Markdown (check:forms refuses it): RJSF's few inline marks need no parser (ADR 008)
      {
        find: /^markdown-to-jsx(\/react)?$/,
        replacement: fileURLToPath(new URL('./src/client/forms/plain-markdown.tsx', import.meta.url)),
      },
    ],
  },
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
