// The draw's lifecycle (DESIGN section 2): back-to-back windows of CYCLE_SECONDS with exactly
// one open, commit and reveal, and a closing that happens exactly once however many instances
// run. Only the scheduler (every instance), a press that finds the window passed, and the
// operator close draws; reads only look (server/draw/README.md).
import {
  commitmentOf,
  EntriesDigest,
  ENTRY_ID_BYTES,
  newSeed,
  outcomeOf,
  packedEntryIdAt,
  type DrawOutcome,
} from '../draw/fairness';
import type { Database } from '../db/database';
import {
  countEntries,
  entryIdBatchOf,
  findDraw,
  findOpenDraw,
  insertOpenDraw,
  lockDrawsExclusive,
  markDrawClosed,
  recordDrawOutcome,
  type DrawRow,
} from '../repositories/draws';
import type { ServiceContext } from './context';
import type { DrawWinner, PrizeService } from './prizes';

export class DrawNotFound extends Error {
  constructor(id: number) {
    super(`No draw ${id}`);
    this.name = 'DrawNotFound';
  }
}

export class DrawStillOpen extends Error {
  constructor(id: number) {
    super(`Draw ${id} is still open: its seed is secret until it closes`);
    this.name = 'DrawStillOpen';
  }
}

export interface ClosedDraw {
  draw: DrawRow;
  next: DrawRow;
  winner: DrawWinner | null;
}

/** The window after one that ended at `endedAt`: the one containing `at`, on the same grid. */
export function nextWindow(endedAt: Date, at: Date, cycleMs: number) {
  const behind = at.getTime() - endedAt.getTime();
  const skipped = behind > 0 ? Math.floor(behind / cycleMs) : 0;
  const opensAt = new Date(endedAt.getTime() + skipped * cycleMs);
  return { opensAt, closesAt: new Date(opensAt.getTime() + cycleMs) };
}

function newDrawValues(opensAt: Date, closesAt: Date) {
  const seed = newSeed();
  return { opensAt, closesAt, seed: seed.toString('hex'), commitment: commitmentOf(seed) };
}

/** Entry ids per read when computing an outcome: 2 MB of packed ids. */
const ENTRY_ID_BATCH = 250_000;

/**
 * The outcome of a draw from its seed and its entries in the database. Ids stream through the
 * digest in packed batches, the next batch read while this one is hashed: a draw of a
 * million entries closes in under two seconds (bench/RESULTS.md).
 */
async function outcomeOfDraw(db: Database, seed: Uint8Array, drawId: number): Promise<DrawOutcome> {
  const digest = new EntriesDigest();
  const batches: Uint8Array[] = [];
  let reading = entryIdBatchOf(db, drawId, 0, ENTRY_ID_BATCH);
  try {
    for (;;) {
      const batch = await reading;
      const full = batch.length === ENTRY_ID_BATCH * ENTRY_ID_BYTES;
      if (full) {
        const lastId = packedEntryIdAt([batch], ENTRY_ID_BATCH - 1);
        reading = entryIdBatchOf(db, drawId, lastId, ENTRY_ID_BATCH);
      }
      digest.addPacked(batch);
      batches.push(batch);
      if (!full) break;
    }
  } catch (error) {
    // A read still in flight must not reject unobserved.
    await reading.catch(() => undefined);
    throw error;
  }
  return outcomeOf(seed, digest, (index) => packedEntryIdAt(batches, index));
}

/**
 * The open draw as this instance last read it. The row changes only when a draw opens or
 * closes, and every instance hears of that (the closing's NOTIFY on TimerChannel, or its own
 * closing), so the busiest reads (every timer after a closing) cost no query for it.
 */
function openDrawMemory(db: Database) {
  let remembered: Promise<DrawRow | null> | null = null;
  let generation = 0;
  return {
    read(): Promise<DrawRow | null> {
      if (remembered) return remembered;
      const startedIn = generation;
      const reading = findOpenDraw(db).then(
        (row) => {
          // Forgotten while reading: the answer may predate the change, so it is not kept.
          // No open draw is not kept either: the first draw may be opened elsewhere.
          if ((startedIn !== generation || !row) && remembered === reading) remembered = null;
          return row;
        },
        (error: unknown) => {
          if (remembered === reading) remembered = null;
          throw error;
        },
      );
      remembered = reading;
      return reading;
    },
    forget() {
      generation += 1;
      remembered = null;
    },
  };
}

export function createDrawLifecycle(context: ServiceContext, prizes: PrizeService) {
  const { db, config, now } = context;
  const cycleMs = config.CYCLE_SECONDS * 1000;
  const memory = openDrawMemory(db);
  const changeListeners = new Set<() => void>();

  /** The open draw changed (here or elsewhere): what was remembered about it is dropped. */
  function forget() {
    memory.forget();
    for (const listener of changeListeners) listener();
  }

  /**
   * Closes the open draw inside one transaction: the outcome, the grand prize, the referral
   * bonus and the next draw, or nothing. `force` closes it now (the operator); otherwise only
   * once its window has passed. Null when there was nothing to close.
   */
  async function closeOpen(force: boolean): Promise<ClosedDraw | null> {
    let closed: ClosedDraw | null;
    try {
      closed = await db.transaction(async (tx): Promise<ClosedDraw | null> => {
        // Waits for entries in flight; entries arriving now wait for the next draw.
        await lockDrawsExclusive(tx);
        const at = now();
        const open = await findOpenDraw(tx);
        if (!open || (!force && open.closesAt > at)) return null;
        // Closed early by the operator, the record's window ends when it really ended (a
        // window is never empty, so a draw closed in the millisecond it opened lasts one).
        const closesAt =
          open.closesAt <= at
            ? open.closesAt
            : new Date(Math.max(at.getTime(), open.opensAt.getTime() + 1));
        const draw = await markDrawClosed(tx, open.id, { closedAt: at, closesAt });
        if (!draw) return null;
        const outcome = await outcomeOfDraw(tx, Buffer.from(draw.seed, 'hex'), draw.id);
        await recordDrawOutcome(tx, draw.id, outcome);
        const winner =
          outcome.winningEntryId === null
            ? null
            : await prizes.awardGrandPrize(tx, draw.id, outcome.winningEntryId);
        const window = nextWindow(closesAt, at, cycleMs);
        const next = await insertOpenDraw(tx, newDrawValues(window.opensAt, window.closesAt));
        if (!next) throw new Error('the next draw could not be opened');
        return { draw: { ...draw, ...outcome }, next, winner };
      });
    } finally {
      // Closed here, or found closed by another instance: either way, read it afresh.
      forget();
    }
    if (closed) await announce(closed);
    return closed;
  }

  /** After the commit: every app refetches its timer, and the winner gets the one text. */
  async function announce(closed: ClosedDraw) {
    try {
      await context.broadcast?.timer({ refetch: true });
    } catch (error) {
      context.log?.error({ err: error, drawId: closed.draw.id }, 'draw closed; broadcast failed');
    }
    if (closed.winner) await prizes.textWinner(closed.draw.id, closed.winner);
  }

  // One closing at a time per instance: the scheduler and presses that find the window passed
  // wait for the one under way instead of queueing on the advisory lock. Only the caller that
  // started it is answered with the closing (or its failure); the others get null.
  let closingDue: Promise<ClosedDraw | null> | null = null;
  async function closeDue(): Promise<ClosedDraw | null> {
    if (closingDue) {
      await closingDue.catch(() => undefined);
      return null;
    }
    closingDue = closeOpen(false);
    try {
      return await closingDue;
    } finally {
      closingDue = null;
    }
  }

  /** The open draw; opens the first one when there is none (start-up and the scheduler). */
  async function ensureOpen(): Promise<DrawRow> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const open = await memory.read();
      if (open) return open;
      const at = now();
      const inserted = await insertOpenDraw(
        db,
        newDrawValues(at, new Date(at.getTime() + cycleMs)),
      );
      forget();
      if (inserted) return inserted;
    }
    throw new Error('no open draw could be found or opened');
  }

  return {
    /** The open draw as it is, even when its window has passed and it is not closed yet. */
    openDraw: () => memory.read(),
    forget,
    /** Called whenever the open draw may have changed. */
    onChange(listener: () => void) {
      changeListeners.add(listener);
    },
    ensureOpen,

    /** Closes the open draw when its window has passed (the schedule, on every instance). */
    closeDue,

    /** Closes what is due, then makes sure a draw is open: a press that found none open. */
    async catchUp(): Promise<void> {
      await closeDue();
      await ensureOpen();
    },

    /** Closes the open draw now (the operator). */
    async closeNow(): Promise<ClosedDraw> {
      await ensureOpen();
      const closed = await closeOpen(true);
      if (!closed) throw new Error('the open draw was closed by someone else meanwhile');
      return closed;
    },

    /**
     * Recomputes a closed draw from its published seed and the entry ids in the database;
     * every difference from the record is listed (none: the draw is sound).
     */
    async verify(id: number): Promise<{ draw: DrawRow; mismatches: string[] }> {
      const draw = await findDraw(db, id);
      if (!draw) throw new DrawNotFound(id);
      if (draw.status === 'open') throw new DrawStillOpen(id);
      const mismatches: string[] = [];
      const seed = Buffer.from(draw.seed, 'hex');
      if (!/^[0-9a-f]{64}$/.test(draw.seed)) mismatches.push('seed is not 32 bytes of hex');
      const commitment = commitmentOf(seed);
      if (commitment !== draw.commitment) {
        mismatches.push(
          `commitment: sha256(seed) is ${commitment}, the record says ${draw.commitment}`,
        );
      }
      const outcome = await outcomeOfDraw(db, seed, id);
      const compare = (name: string, actual: unknown, recorded: unknown) => {
        if (actual !== recorded) {
          mismatches.push(
            `${name}: recomputed ${String(actual)}, the record says ${String(recorded)}`,
          );
        }
      };
      compare('entries_count', outcome.entriesCount, draw.entriesCount);
      compare('entries_digest', outcome.entriesDigest, draw.entriesDigest);
      compare('winning_entry_id', outcome.winningEntryId, draw.winningEntryId);
      return { draw, mismatches };
    },

    /** What the operator sees of the open draw. */
    async status() {
      const draw = await ensureOpen();
      return {
        draw,
        entries: await countEntries(db, draw.id),
        secondsLeft: Math.max(0, Math.ceil((draw.closesAt.getTime() - now().getTime()) / 1000)),
      };
    },
  };
}

export type DrawLifecycle = ReturnType<typeof createDrawLifecycle>;
