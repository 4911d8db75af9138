import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { formValidators } from './src/forms/vite-plugin';

export default defineConfig({
  root: '.',
  plugins: [react(), tailwindcss(), formValidators()],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
