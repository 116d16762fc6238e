import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/** Paths the server answers itself: never the app's page, never from a cache. */
const SERVER_PATHS = [/^\/api(\/|\?|$)/, /^\/cable(\/|\?|$)/];

/**
 * The service worker is written after the bundle (when the whole build is known), too late for
 * the compression plugin: its brotli and gzip copies are made here, after it.
 */
function compressServiceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'black-button:compress-service-worker',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler: async () => {
        const file = join(outDir, 'sw.js');
        const source = await readFile(file);
        await writeFile(
          `${file}.br`,
          await promisify(brotliCompress)(source, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
        );
        await writeFile(`${file}.gz`, await promisify(gzip)(source, { level: 9 }));
      },
    },
  };
}

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
    // The offline shell: a Workbox service worker whose precache list is this build's files.
    // A new build waits until the player reloads from the 'A new version is available' notice
    // (src/app/service-worker.tsx) instead of swapping code under a running screen.
    VitePWA({
      // The same minified worker whatever NODE_ENV the build runs under (tests set 'test').
      mode: 'production',
      registerType: 'prompt',
      // Registered from our own code, lazily, with workbox-window (no inline script: the CSP
      // allows none).
      injectRegister: false,
      // public/manifest.webmanifest stays the one manifest; index.html already links it.
      manifest: false,
      workbox: {
        // Sounds stay with the network: an audio element asks for byte ranges, which a stored
        // whole file would answer wrongly (Safari then refuses to play it).
        globPatterns: ['**/*.{html,js,css,svg,png,webmanifest}'],
        // The index page itself answers every app route offline, as the server does online.
        navigateFallback: '/index.html',
        navigateFallbackDenylist: SERVER_PATHS,
        // /api and /cable match no route: they always reach the server, so a player never sees
        // a stale draw, timer or prize, and nothing of theirs is kept.
        runtimeCaching: [],
        // The page opened before the first install is this very build: take it at once.
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // One file to fetch and check for a new version, no runtime file beside it.
        inlineWorkboxRuntime: true,
      },
    }),
    compressServiceWorker(),
  ],
  build: { outDir: 'dist/client', emptyOutDir: true },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/cable': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
