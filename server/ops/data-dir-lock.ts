// Only one process may ever open a PGlite data dir (two corrupt it; PGlite takes no lock of
// its own). The holder of this lock is that process; everyone else talks to it (DESIGN 5).
//
// The lock belongs to a living process: DATA_DIR/server.pid names its holder by process id and
// start time, and a holder that is no longer running (or whose id now belongs to a process
// started later) holds nothing. So a server killed with SIGKILL, which runs no cleanup, is
// replaced at once by the next start, where a lock that expires after a timeout (as a
// heartbeat lock file does) would refuse every restart until it turned stale. The start time
// guards against the id being reused, as it is at once in a container restarted by a
// supervisor (the server is process 1 again). Checking the holder and writing the record
// happen under a short-lived mutex, so two processes starting together never both win.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirBusyError extends Error {
  constructor(dataDir: string) {
    super(`Another BLACK BUTTON server is already using DATA_DIR (${dataDir})`);
    this.name = 'DataDirBusyError';
  }
}

export const opsSocketPath = (dataDir: string) => join(resolve(dataDir), 'ops.sock');

/** Where the holder is named. */
export const lockRecordPath = (dataDir: string) => join(resolve(dataDir), 'server.pid');

interface Holder {
  pid: number;
  /** The process's start time as the kernel counts it since boot; null where unknown. */
  startedAt: string | null;
  bootId: string | null;
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
}

/** Linux: field 22 of /proc/PID/stat, read after the command name (which may hold spaces). */
function startTimeOf(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function thisProcess(): Holder {
  return {
    pid: process.pid,
    startedAt: startTimeOf(process.pid),
    bootId: readOrNull('/proc/sys/kernel/random/boot_id'),
  };
}

function readHolder(dataDir: string): Holder | null {
  const text = readOrNull(lockRecordPath(dataDir));
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    // Never 0 or negative: process.kill would signal a whole process group.
    if (typeof parsed.pid !== 'number' || !Number.isSafeInteger(parsed.pid) || parsed.pid < 1) {
      return null;
    }
    return { pid: parsed.pid, startedAt: parsed.startedAt ?? null, bootId: parsed.bootId ?? null };
  } catch {
    return null;
  }
}

function isRunning(holder: Holder): boolean {
  const current = thisProcess();
  if (holder.bootId && current.bootId && holder.bootId !== current.bootId) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startedAt = startTimeOf(holder.pid);
  return !holder.startedAt || !startedAt || holder.startedAt === startedAt;
}

const sameHolder = (a: Holder | null, b: Holder) =>
  a !== null && a.pid === b.pid && a.startedAt === b.startedAt && a.bootId === b.bootId;

/** Runs `task` while no other process checks or writes the record. */
async function exclusively<T>(dataDir: string, task: () => T): Promise<T> {
  const release = await lockfile.lock(resolve(dataDir), {
    lockfilePath: join(resolve(dataDir), 'server.pid.lock'),
    // Held for a few milliseconds; only a process killed inside them leaves it behind.
    stale: 2_000,
    retries: { retries: 30, minTimeout: 20, maxTimeout: 200 },
    onCompromised: () => undefined,
  });
  try {
    return task();
  } finally {
    await release().catch(() => undefined);
  }
}

const WATCH_INTERVAL_MS = 2_000;

/**
 * Takes the exclusive lock on `dataDir` or throws DataDirBusyError. The returned function
 * releases it. `onCompromised` runs if the lock is lost while held (the record removed or
 * rewritten by someone else).
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void = (error) => {
    throw error;
  },
): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  const me = thisProcess();
  const record = lockRecordPath(dataDir);
  await exclusively(dataDir, () => {
    const holder = readHolder(dataDir);
    if (holder && isRunning(holder)) throw new DataDirBusyError(dataDir);
    // Written whole or not at all: a reader never sees half a record.
    const draft = `${record}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, `${JSON.stringify(me)}\n`, { mode: 0o600 });
    renameSync(draft, record);
  });
  const watch = setInterval(() => {
    if (!sameHolder(readHolder(dataDir), me)) {
      clearInterval(watch);
      onCompromised(new Error(`The lock on ${dataDir} was taken away`));
    }
  }, WATCH_INTERVAL_MS);
  watch.unref();
  return async () => {
    clearInterval(watch);
    await exclusively(dataDir, () => {
      if (sameHolder(readHolder(dataDir), me)) rmSync(record, { force: true });
    });
  };
}
