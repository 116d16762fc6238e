// Where the server's own files are read from (the starter catalog, the migrations, the built
// client): the package's root, the nearest folder above this module with a package.json. The
// same code runs from its sources (tsx: server/…) and from the built server (dist/server/…,
// see scripts/build-server.js), at different depths: the root is found, not counted.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const PACKAGE_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the package, as `packagePath('server', 'migrations')`. */
export function packagePath(...parts: string[]): string {
  return join(PACKAGE_ROOT, ...parts);
}
