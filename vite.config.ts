import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client', emptyOutDir: true },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/cable': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
