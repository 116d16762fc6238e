// The server and the operator CLI built into plain JavaScript (dist/server/server.mjs and
// dist/server/cli.mjs) for `npm start` and `npm run ops`: a process then loads one module of
// ours and its packages, instead of compiling some 200 TypeScript files through a loader as it
// starts (a start or an operator command costs about half the CPU: a restart after a crash is
// back sooner, and every operator command answers sooner). Packages stay in node_modules; the
// server finds its own files (migrations, catalogs, the client) from the package root
// (server/package-root.ts). Stack traces point into the TypeScript through source maps
// (`node --enable-source-maps`).
//
// Each file is written to a scratch name and renamed over the old one, so two builds at once
// (two operator commands) never leave a half-written file; the chunks' names carry their
// content's hash, so both write the same files.
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

export const SERVER_BUILD_DIR = join(root, 'dist', 'server');
/** What each entry point is built as, in SERVER_BUILD_DIR. */
export const BUILT = {
  server: join(SERVER_BUILD_DIR, 'server.mjs'),
  cli: join(SERVER_BUILD_DIR, 'cli.mjs'),
};

/** Builds both entry points into `outDir` (dist/server unless told). */
export async function buildServer(outDir = SERVER_BUILD_DIR) {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { server: 'server/server.ts', cli: 'server/ops/cli.ts' },
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    chunkNames: 'chunks/[name]-[hash]',
    write: false,
    logLevel: 'warning',
  });
  const written = new Set();
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    const scratch = `${file.path}.${process.pid}.tmp`;
    writeFileSync(scratch, file.contents);
    renameSync(scratch, file.path);
    written.add(file.path);
  }
  // Chunks of earlier builds go (a process already running has loaded its own).
  const chunks = join(outDir, 'chunks');
  for (const name of readdirSync(chunks)) {
    const path = join(chunks, name);
    if (!written.has(path) && !name.endsWith('.tmp')) rmSync(path, { force: true });
  }
  return { server: join(outDir, 'server.mjs'), cli: join(outDir, 'cli.mjs') };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildServer();
}
