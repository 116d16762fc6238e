import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build as buildScript } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/** Paths the server answers itself: never the app's page, never from a cache. */
const SERVER_PATHS = [/^\/api(\/|\?|$)/, /^\/cable(\/|\?|$)/];

const brotli = (source: string | Uint8Array) =>
  promisify(brotliCompress)(source, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  });
const gzipped = (source: string | Uint8Array) => promisify(gzip)(source, { level: 9 });

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
        await writeFile(`${file}.br`, await brotli(source));
        await writeFile(`${file}.gz`, await gzipped(source));
      },
    },
  };
}

/** What scripts/prerender.js prints. */
type Prerendered = {
  attributes: { page: string; stale: string; appFiles: string };
  pages: { page: string; file: string; lazy: string[]; html: string }[];
  /** The app's loading shapes (src/app/prerender-render.tsx renderSkeletons). */
  skeletons: { home: string; page: string };
};

type BundleChunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type BundleAsset = { type: 'asset'; fileName: string; source: string | Uint8Array };
type BundleItem = BundleChunk | BundleAsset;

/**
 * The files a lazily loaded module brings, for a page to name ahead (`/assets/...`): its chunk
 * and the chunks it imports, their stylesheets, but for what `page` names already.
 */
function filesOf(bundle: Record<string, BundleItem>, root: string, module: string, page: string) {
  const id = resolve(root, module);
  const chunks = Object.values(bundle).filter((item): item is BundleChunk => item.type === 'chunk');
  const start = chunks.find((chunk) => chunk.facadeModuleId === id);
  if (!start) throw new Error(`build: no chunk of its own for ${module}`);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: BundleChunk | undefined) => {
    if (!chunk || scripts.has(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
    chunk.imports.forEach((file) => visit(chunks.find((each) => each.fileName === file)));
  };
  visit(start);
  const unnamed = (file: string) => !page.includes(`/${file}"`);
  return {
    scripts: [...scripts].filter(unnamed).map((file) => `/${file}`),
    styles: [...styles].filter(unnamed).map((file) => `/${file}`),
  };
}

/** A script of the page's own, run before the app (no imports: a classic script). */
async function pageScript(root: string, entry: string) {
  const built = await buildScript({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2020',
    legalComments: 'none',
    logLevel: 'warning',
  });
  const source = built.outputFiles[0]?.text ?? '';
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  const name = entry.replace(/^.*\//, '').replace(/\.ts$/, '');
  return { fileName: `assets/${name}-${hash}.js`, source };
}

/**
 * The signed-in addresses, each with the screen it opens on that loads lazily (app/SignedInApp.tsx;
 * /home's is in the signed-in app itself). Each gets a page of its own (home.html...): the app's
 * page, naming the signed-in app's code and its screen's, so that the browser fetches them with
 * the app's entry rather than after it (the server and the offline shell answer an address with
 * its page, as they do the built first screens).
 */
const SIGNED_IN_APP = ['src/app/SignedInApp.tsx', 'src/app/signed-in-flows.ts'];
const SIGNED_IN_SCREENS: Record<string, string | null> = {
  '/home': null,
  '/what-i-like': 'src/features/questionnaire/WhatILikePage.tsx',
  '/disclosure': 'src/features/questionnaire/DisclosurePage.tsx',
  '/questionnaire': 'src/features/questionnaire/QuestionnairePage.tsx',
  '/winnings': 'src/features/winnings/WinningsDrawer.tsx',
  '/grandPrize': 'src/features/winnings/GrandPrizePage.tsx',
  '/form/has-problem': 'src/features/winnings/ContactUsPage.tsx',
  '/players': 'src/features/players/PlayersPage.tsx',
  '/players-tutorial': 'src/features/players/PlayersTutorialPage.tsx',
  '/wallet': 'src/features/wallet/WalletScreens.tsx',
  '/wallet-token': 'src/features/wallet/WalletScreens.tsx',
};

/** `fileName` with its brotli and gzip copies, as the compression plugin makes them for the rest. */
async function emitWithCopies(
  context: {
    emitFile: (file: { type: 'asset'; fileName: string; source: string | Uint8Array }) => string;
  },
  fileName: string,
  source: string,
) {
  context.emitFile({ type: 'asset', fileName, source });
  context.emitFile({ type: 'asset', fileName: `${fileName}.br`, source: await brotli(source) });
  context.emitFile({ type: 'asset', fileName: `${fileName}.gz`, source: await gzipped(source) });
}

/**
 * The first screens a new visitor sees (src/app/prerender-pages.ts), built into pages of their
 * own from the real app (scripts/prerender.js renders them): the page paints its screen before
 * any JavaScript arrives, and React takes it over (src/app/main.tsx). Each page is the built
 * index.html with the screen in #root, the entry's stylesheet in the page (nothing to fetch
 * before the paint but for the guard), the stylesheets of its lazily loaded screen, and the
 * page's guard (src/app/prerender-guard.ts): a small script run before the first paint that
 * hides a page that does not fit the visit, and fetches and starts the app (the files the page
 * names) once the screen is painted. Each signed-in address gets a page of its own too, one
 * that names the code its screen needs (SIGNED_IN_SCREENS).
 */
function buildPages(): Plugin {
  let root = '';
  return {
    name: 'black-button:pages',
    apply: 'build',
    enforce: 'post',
    configResolved: (config) => {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, output) {
        const bundle = output as unknown as Record<string, BundleItem>;
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return;
        const template = String(index.source);

        const files: { fileName: string; source: string }[] = [];
        // The built first screens (and the app's loading shapes, rendered with them).
        const guard = await pageScript(root, 'src/app/prerender-guard.ts');
        files.push(guard);
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [join(root, 'scripts', 'prerender.js')],
          {
            cwd: root,
            env: { ...process.env, NODE_ENV: 'production' },
            maxBuffer: 16 * 1024 * 1024,
          },
        );
        const { attributes, pages, skeletons } = JSON.parse(stdout) as Prerendered;
        // The signed-in addresses' pages: the app's page naming the code their screen needs,
        // with the shape of its screen painted while that code arrives.
        const signedIn = new Set<string>();
        for (const module of SIGNED_IN_APP) {
          const { scripts, styles } = filesOf(bundle, root, module, template);
          [...styles, ...scripts].forEach((file) => signedIn.add(file));
        }
        for (const [path, module] of Object.entries(SIGNED_IN_SCREENS)) {
          const named = new Set(signedIn);
          if (module) {
            const { scripts, styles } = filesOf(bundle, root, module, template);
            [...styles, ...scripts].forEach((file) => named.add(file));
          }
          const links = [...named].map((href) =>
            href.endsWith('.css')
              ? `<link rel="stylesheet" crossorigin href="${href}">`
              : `<link rel="modulepreload" crossorigin href="${href}">`,
          );
          const skeleton = path === '/home' ? skeletons.home : skeletons.page;
          files.push({
            fileName: `${path.slice(1)}.html`,
            source: template
              .replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
              .replace('<div id="root"></div>', `<div id="root">${skeleton}</div>`),
          });
        }

        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template);
        const stylesheet = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/.exec(template);
        const css = stylesheet && bundle[stylesheet[1]!];
        if (!entry || !stylesheet || css?.type !== 'asset') {
          throw new Error('prerender: index.html names no entry script and stylesheet');
        }
        for (const { page: name, file, lazy, html: screen } of pages) {
          // The page must show its screen itself, not a busy skeleton waiting for the app.
          if (!screen.includes('<main') || screen.includes('aria-busy')) {
            throw new Error(`prerender: ${name} rendered no screen of its own`);
          }
          const head: string[] = [];
          const appFiles = [entry[1]!];
          for (const module of lazy) {
            const { scripts, styles } = filesOf(bundle, root, module, template);
            styles.forEach((href) =>
              head.push(`<link rel="stylesheet" crossorigin href="${href}">`),
            );
            appFiles.push(...scripts);
          }
          head.push(
            `<style>html[${attributes.stale}] #root{visibility:hidden}</style>`,
            `<script src="/${guard.fileName}"></script>`,
          );
          const html = template
            .replace(/<html([^>]*)>/, `<html$1 ${attributes.page}="${name}">`)
            // Fetched and run by the guard once the screen is painted.
            .replace(
              entry[0],
              `<meta name="${attributes.appFiles}" content="${appFiles.join(' ')}">`,
            )
            .replace(stylesheet[0], `<style>${String(css.source)}</style>`)
            .replace('</head>', `  ${head.join('\n    ')}\n  </head>`)
            .replace('<div id="root"></div>', `<div id="root">${screen}</div>`);
          if (!html.includes(screen)) throw new Error('prerender: index.html has no empty #root');
          files.push({ fileName: file, source: html });
        }
        for (const { fileName, source } of files) {
          await emitWithCopies(this, fileName, source);
        }
      },
    },
  };
}

/**
 * The forms' schemas (the invite code, the phone number, the prize claim, the legal texts) use
 * zod's classic API, the rest of the app zod/mini; both stand on zod's core. One copy of the
 * core would hold everything the classic API can do (its methods reach every check), and the
 * first screen, which loads the core for the contract's schemas, would download all of it. So
 * the classic API gets a copy of the core of its own, in the chunks of the forms that use it,
 * and the first screen's copy keeps only what zod/mini's schemas use (about 7 KB less gzip).
 * Both copies read zod's one configuration (kept on globalThis), so `jitless` (zod-jitless.ts)
 * holds for both, and their schemas mix as one version's do. zod stays as it is otherwise: its
 * modules are not marked free of side effects here (that would drop the `config` call).
 */
function zodClassicWithItsOwnCore(): Plugin {
  const CLASSIC_COPY = '?zod-classic';
  const CLASSIC_API = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]/;
  const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
  return {
    name: 'black-button:zod-classic-with-its-own-core',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !(CLASSIC_API.test(importer) || importer.endsWith(CLASSIC_COPY))) {
        return null;
      }
      const resolved = await this.resolve(source, importer.replace(CLASSIC_COPY, ''), {
        ...options,
        skipSelf: true,
      });
      if (!resolved || !ZOD.test(resolved.id) || CLASSIC_API.test(resolved.id)) return resolved;
      return { ...resolved, id: `${resolved.id}${CLASSIC_COPY}` };
    },
  };
}

export default defineConfig({
  plugins: [
    zodClassicWithItsOwnCore(),
    react(),
    // Brotli and gzip copies beside each file, made once here so the server only picks one
    // (@fastify/static `preCompressed`) instead of compressing on every request.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(html|js|css|json|svg|webmanifest|wav)$/,
      logLevel: 'silent',
    }),
    buildPages(),
    // The offline shell: a Workbox service worker whose precache list is this build's files.
    // A new build waits until the player reloads from the 'A new version is available' notice
    // (src/app/service-worker.tsx) instead of swapping code under a running screen.
    VitePWA({
      // The same minified worker whatever NODE_ENV the build runs under (tests set 'test').
      mode: 'production',
      registerType: 'prompt',
      // Registered from our own code, lazily (no inline script: the CSP allows none).
      injectRegister: false,
      // public/manifest.webmanifest stays the one manifest; index.html already links it.
      manifest: false,
      workbox: {
        // Sounds stay with the network: an audio element asks for byte ranges, which a stored
        // whole file would answer wrongly (Safari then refuses to play it).
        globPatterns: ['**/*.{html,js,css,svg,png,webmanifest}'],
        // The index page itself answers every app route offline, as the server does online;
        // an address with a page built of its own is answered with it (Workbox's clean URLs:
        // /disclaimer is disclaimer.html, /home home.html).
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
  resolve: {
    alias: [
      // React has had useSyncExternalStore since 18: the package's own entries for it take
      // React's instead of the shim for older Reacts (@xstate/react asks for the shim).
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: 'use-sync-external-store',
      },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // Every browser the app runs in preloads modules itself.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The first screen's code in one file: split into the pieces the lazy screens share
            // (React, XState, the router, zod...), it cost a dozen requests and about 3 KB more.
            { name: 'index', tags: ['$initial'] },
            // What every visit loads once the app has started, in one file too: the API client
            // with the contract's schemas (the app's settings), analytics (the first page view)
            // and the offline shell's registration.
            {
              name: 'app-start',
              test: /[\\/](src[\\/]lib[\\/](api|analytics)\.ts|src[\\/]app[\\/]service-worker\.tsx|contract[\\/](demo|questionnaires|contact|winnings|rewards|analytics)\.ts)$|[\\/]node_modules[\\/]ky[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/cable': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
