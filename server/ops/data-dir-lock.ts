// Only one process may ever open a PGlite data dir (two corrupt it; PGlite takes no lock of
// its own). The holder of this lock is that process; everyone else talks to it (DESIGN 5).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirBusyError extends Error {
  constructor(dataDir: string) {
    super(`Another BLACK BUTTON server is already using DATA_DIR (${dataDir})`);
    this.name = 'DataDirBusyError';
  }
}

export const opsSocketPath = (dataDir: string) => join(resolve(dataDir), 'ops.sock');

/**
 * Takes the exclusive lock on `dataDir` or throws DataDirBusyError. The returned function
 * releases it. `onCompromised` runs if the lock is lost while held (the directory removed).
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void = (error) => {
    throw error;
  },
): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(resolve(dataDir), {
      lockfilePath: join(resolve(dataDir), 'server.lock'),
      // A holder that died without releasing leaves a lock that turns stale after 10 s.
      stale: 10_000,
      update: 2_000,
      retries: { retries: 3, minTimeout: 100, maxTimeout: 400 },
      onCompromised,
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') throw new DataDirBusyError(dataDir);
    throw error;
  }
}
