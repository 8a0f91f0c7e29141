import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** The server (apps/server) listens on 3000; in development Vite serves the app and forwards the API to it. */
const serverUrl = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/trpc': { target: serverUrl },
      '/api': { target: serverUrl },
      '/healthz': { target: serverUrl },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first screen needs (the entry and what it imports statically) in one
          // file: one request, and it compresses better than the handful of shared chunks the
          // automatic splitting makes of it. Screens and their libraries stay in their own chunks.
          groups: [{ name: 'initial', tags: ['$initial'] }],
        },
      },
    },
  },
});
