import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies beside each file, made once here so the server only picks one
    // (@fastify/static `preCompressed`) instead of compressing on every request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|js|css|json|svg|webmanifest|wav)$/,
      logLevel: 'silent',
    }),
  ],
  build: { outDir: 'dist/client', emptyOutDir: true },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/cable': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
