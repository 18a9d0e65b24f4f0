import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    // Use the shared package's TypeScript source instead of its build output.
    conditions: ['summa-source'],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/healthz': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    // No source maps in what is served (nothing uploads them anywhere either); the server also refuses *.map.
    sourcemap: false,
    // No inline scripts or data-URL modules: the server's CSP forbids them.
    assetsInlineLimit: 0,
  },
});
