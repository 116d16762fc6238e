// The built client a test serves, built at most once a run: CLIENT_DIR when `npm test` passes
// it (its build may still be under way in another lane), or a build of the first test that
// asks, into the dir test/support/client-setup.ts provides; other tests wait for that build.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inject } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The last file a build writes: the service worker's gzip copy, made after the bundle
 * (vite.config.ts compressServiceWorker). Once it is there the build is whole.
 */
const LAST_FILE = 'sw.js.gz';

/** A hang guard, not a budget: a build takes 8 s on an idle machine, minutes on a busy one. */
const BUILD_TIMEOUT_MS = 300_000;

/** The dir of a whole build of the client, built here if no one has built it yet. */
export async function builtClient(): Promise<string> {
  const { dir, build } = inject('client');
  const failed = join(dirname(dir), 'build-failed');
  if (build && claimTheBuild(dirname(dir))) {
    try {
      await promisify(execFile)(
        join(root, 'node_modules', '.bin', 'vite'),
        ['build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'],
        { cwd: root, timeout: BUILD_TIMEOUT_MS },
      );
    } catch (error) {
      writeFileSync(failed, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (!existsSync(join(dir, LAST_FILE))) {
    if (existsSync(failed))
      throw new Error(`the client build failed: ${readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`no whole client build in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return dir;
}

/** Whether this test file is the one to build (the first to make the claim's dir). */
function claimTheBuild(scratch: string): boolean {
  try {
    mkdirSync(join(scratch, 'building'));
    return true;
  } catch {
    return false;
  }
}
