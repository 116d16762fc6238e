// The draw (DESIGN section 2): back-to-back windows of CYCLE_SECONDS with exactly one open,
// one press per player and draw, commit and reveal, and a closing that happens exactly once
// however many instances run.
import {
  MAX_ENTRY_ID_PAGE,
  type DrawEntry,
  type DrawEntryIdsResponse,
  type PublicDraw,
  type TimerResponse,
} from '../../contract/api';
import {
  commitmentOf,
  ENTRY_ID_BYTES,
  EntriesDigest,
  newSeed,
  outcomeOf,
  packedEntryIdAt,
  type DrawOutcome,
} from '../draw/fairness';
import { conflict, notFound } from '../errors';
import { maskPhone } from '../phone';
import {
  countEntries,
  entryIdBatchOf,
  entryIdsOfPlayer,
  findDraw,
  findEntry,
  findOpenDraw,
  findPress,
  insertOpenDraw,
  insertPress,
  pressForSessions,
  listDraws,
  lockDrawsExclusive,
  lockDrawsShared,
  markDrawClosed,
  recordDrawOutcome,
  type DrawEntryRow,
  type DrawRow,
  type SessionPress,
} from '../repositories/draws';
import { findActiveInviterOf, insertGrandPrize, insertReferralBonus } from '../repositories/prizes';
import { findActiveUserById } from '../repositories/users';
import type { Database } from '../db/database';
import { batched } from './batched';
import type { ServiceContext } from './context';

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

/** An inviter earns this share of the grand prize their invitee wins (100 on 500). */
export const REFERRAL_BONUS_RATE = 0.2;
export const DEFAULT_DRAW_PAGE = 20;

export function winnerText(prizeAmount: number): string {
  return `You won $${prizeAmount} in the BLACK BUTTON drawing! Open the app to claim your prize.`;
}

export function toDrawEntryView(row: DrawEntryRow): DrawEntry {
  return {
    id: row.id,
    draw_id: row.drawId,
    source: row.source,
    created_at: row.createdAt.toISOString(),
  };
}

export interface ClosedDraw {
  draw: DrawRow;
  next: DrawRow;
  winner: { userId: string; entryId: number; prizeAmount: number } | null;
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

export function createDrawService(context: ServiceContext) {
  const { db, config, sms, now } = context;
  const cycleMs = config.CYCLE_SECONDS * 1000;

  /**
   * The press's first step, one statement for the presses of one turn: null when the session
   * is not live; else its player, and the entry when this press made it.
   */
  const pressAs = batched(async (sessionIds: readonly string[]) => {
    const found = await pressForSessions(db, [...new Set(sessionIds)], now());
    // One session pressing twice in one turn: the first gets the entry, the other takes the
    // careful path and finds it (created: false), as racing presses do.
    const answered = new Set<string>();
    return sessionIds.map((sessionId): SessionPress | null => {
      const press = found.get(sessionId);
      if (!press) return null;
      if (answered.has(sessionId)) return { userId: press.userId, inserted: null };
      answered.add(sessionId);
      return press;
    });
  });

  const secondsUntil = (closesAt: Date) =>
    Math.max(0, Math.ceil((closesAt.getTime() - now().getTime()) / 1000));

  async function toPublic(row: DrawRow, myEntryIds?: number[]): Promise<PublicDraw> {
    const open = row.status === 'open';
    return {
      id: row.id,
      status: row.status,
      opens_at: row.opensAt.toISOString(),
      closes_at: row.closesAt.toISOString(),
      commitment: row.commitment,
      // The seed is the secret that makes the draw fair: never shown before closing.
      seed: open ? null : row.seed,
      entries_count: open ? await countEntries(db, row.id) : (row.entriesCount ?? 0),
      entries_digest: open ? null : row.entriesDigest,
      winning_entry_id: open ? null : row.winningEntryId,
      ...(myEntryIds ? { my_entry_ids: myEntryIds } : {}),
    };
  }

  /**
   * Closes the open draw inside one transaction: the outcome, the grand prize, the referral
   * bonus and the next draw, or nothing. `force` closes it now (the operator); otherwise only
   * once its window has passed. Null when there was nothing to close.
   */
  async function closeOpen(force: boolean): Promise<ClosedDraw | null> {
    const closed = await db.transaction(async (tx): Promise<ClosedDraw | null> => {
      // Waits for entries in flight; entries arriving now wait for the next draw.
      await lockDrawsExclusive(tx);
      const at = now();
      const open = await findOpenDraw(tx);
      if (!open || (!force && open.closesAt > at)) return null;
      // Closed early by the operator, the record's window ends when it really ended (a window
      // is never empty, so a draw closed in the millisecond it opened lasts one).
      const closesAt =
        open.closesAt <= at
          ? open.closesAt
          : new Date(Math.max(at.getTime(), open.opensAt.getTime() + 1));
      const draw = await markDrawClosed(tx, open.id, { closedAt: at, closesAt });
      if (!draw) return null;
      const outcome = await outcomeOfDraw(tx, Buffer.from(draw.seed, 'hex'), draw.id);
      await recordDrawOutcome(tx, draw.id, outcome);
      const winner = await recordWinner(tx, draw.id, outcome.winningEntryId);
      const window = nextWindow(closesAt, at, cycleMs);
      const next = await insertOpenDraw(tx, newDrawValues(window.opensAt, window.closesAt));
      if (!next) throw new Error('the next draw could not be opened');
      return { draw: { ...draw, ...outcome }, next, winner };
    });
    if (closed) await announce(closed);
    return closed;
  }

  async function recordWinner(tx: Database, drawId: number, entryId: number | null) {
    if (entryId === null) return null;
    const entry = await findEntry(tx, entryId);
    if (!entry) throw new Error(`winning entry ${entryId} not found`);
    const player = await findActiveUserById(tx, entry.userId);
    // A winner who deleted their account keeps the anonymised row; the prize stays recorded.
    const prizeAmount = player?.mainPrice ?? 0;
    const prize = await insertGrandPrize(tx, {
      userId: entry.userId,
      drawId,
      drawEntryId: entryId,
      prizeAmount,
    });
    const inviter = await findActiveInviterOf(tx, entry.userId);
    if (inviter && inviter.id !== entry.userId) {
      await insertReferralBonus(tx, {
        inviterId: inviter.id,
        winnerId: entry.userId,
        grandPrizeId: prize.id,
        amount: Math.round(prizeAmount * REFERRAL_BONUS_RATE),
      });
    }
    return { userId: entry.userId, entryId, prizeAmount };
  }

  /** After the commit: every app refetches its timer, and the winner gets the one text. */
  async function announce(closed: ClosedDraw) {
    try {
      await context.broadcast?.timer({ refetch: true });
    } catch (error) {
      context.log?.error({ err: error, drawId: closed.draw.id }, 'draw closed; broadcast failed');
    }
    if (!closed.winner) return;
    const player = await findActiveUserById(db, closed.winner.userId);
    if (!player?.phone) return;
    try {
      await sms.send(player.phone, winnerText(closed.winner.prizeAmount));
      context.log?.info({ drawId: closed.draw.id, to: maskPhone(player.phone) }, 'winner texted');
    } catch (error) {
      context.log?.error(
        { err: error, drawId: closed.draw.id, to: maskPhone(player.phone) },
        'winner text failed',
      );
    }
  }

  /** The open draw whose window contains now: opened on first use, caught up after downtime. */
  async function currentDraw(): Promise<DrawRow> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const open = await findOpenDraw(db);
      if (open && open.closesAt > now()) return open;
      if (open) {
        await closeOpen(false);
        continue;
      }
      const at = now();
      const inserted = await insertOpenDraw(
        db,
        newDrawValues(at, new Date(at.getTime() + cycleMs)),
      );
      if (inserted) return inserted;
    }
    throw new Error('no open draw could be found or opened');
  }

  return {
    currentDraw,

    /** Closes the open draw when its window has passed (the schedule, on every instance). */
    closeDue: () => closeOpen(false),

    /** Closes the open draw now (the operator). */
    async closeNow(): Promise<ClosedDraw> {
      await currentDraw();
      const closed = await closeOpen(true);
      if (!closed) throw new Error('the open draw was closed by someone else meanwhile');
      return closed;
    },

    /**
     * The press of a request, by the session its token names: null when that session is not
     * live. Most presses are a player's first into a draw that is open and due: the session
     * check and the insert are one statement, shared with the presses that arrive together.
     */
    async pressInSession(
      sessionId: string,
    ): Promise<{ entry: DrawEntry; created: boolean } | null> {
      const found = await pressAs(sessionId);
      if (!found) return null;
      if (!found.inserted) return this.press(found.userId);
      const { entry, closesAt } = found.inserted;
      return {
        entry: { ...toDrawEntryView(entry), draw_time_left: secondsUntil(closesAt) },
        created: true,
      };
    },

    /**
     * The press: one entry per player and draw. Racing presses meet the unique index and all
     * get the one entry; `created` tells the first apart. The careful path: it also serves a
     * second press and a draw that is due to close.
     */
    async press(userId: string): Promise<{ entry: DrawEntry; created: boolean }> {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const draw = await currentDraw();
        const result = await db.transaction(async (tx) => {
          await lockDrawsShared(tx);
          // Under the lock: the draw read before may have closed in between.
          const open = await findOpenDraw(tx);
          if (!open || open.id !== draw.id || open.closesAt <= now()) return null;
          const closesAt = open.closesAt;
          const inserted = await insertPress(tx, open.id, userId);
          if (inserted) return { entry: inserted, created: true, closesAt };
          const existing = await findPress(tx, open.id, userId);
          if (!existing) throw new Error('press neither inserted nor found');
          return { entry: existing, created: false, closesAt };
        });
        if (result) {
          return {
            entry: {
              ...toDrawEntryView(result.entry),
              draw_time_left: secondsUntil(result.closesAt),
            },
            created: result.created,
          };
        }
      }
      throw new Error('the press could not reach an open draw');
    },

    async timer(userId: string): Promise<TimerResponse> {
      const draw = await currentDraw();
      const pressed = await findPress(db, draw.id, userId);
      const base = {
        cycle_time: config.CYCLE_SECONDS,
        // Questions arrive with the questionnaire; until then the flag alone decides.
        show_tell_us_more: config.FEATURE_TELL_US_MORE,
      };
      if (!pressed) return { ...base, cycle_finished: true, time_left: 0 };
      const secondsLeft = Math.ceil((draw.closesAt.getTime() - now().getTime()) / 1000);
      return { ...base, cycle_finished: false, time_left: Math.max(0, secondsLeft) };
    },

    async current(userId?: string): Promise<PublicDraw> {
      const draw = await currentDraw();
      return toPublic(draw, userId ? await entryIdsOfPlayer(db, draw.id, userId) : undefined);
    },

    async get(id: number, userId?: string): Promise<PublicDraw> {
      // A fresh database has no draw until someone asks for the current one.
      await currentDraw();
      const draw = await findDraw(db, id);
      if (!draw) throw notFound('Unknown draw');
      return toPublic(draw, userId ? await entryIdsOfPlayer(db, draw.id, userId) : undefined);
    },

    /**
     * A closed draw's entry ids in id order, a page at a time: with the seed and the digest,
     * anyone can check every link of the chain and which entry the winner index names.
     */
    async entryIds(
      id: number,
      options: { after?: number; limit?: number },
    ): Promise<DrawEntryIdsResponse> {
      await currentDraw();
      const draw = await findDraw(db, id);
      if (!draw) throw notFound('Unknown draw');
      if (draw.status === 'open') {
        throw conflict('The draw is still open: its entries are final when it closes');
      }
      const limit = options.limit ?? MAX_ENTRY_ID_PAGE;
      const packed = await entryIdBatchOf(db, draw.id, options.after ?? 0, limit);
      const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
      const ids = Array.from({ length: packed.byteLength / ENTRY_ID_BYTES }, (_, index) =>
        Number(view.getBigUint64(index * ENTRY_ID_BYTES)),
      );
      return { data: ids, next_after: ids.length === limit ? ids[ids.length - 1]! : null };
    },

    async list(options: { before?: number; limit?: number }): Promise<PublicDraw[]> {
      await currentDraw();
      const rows = await listDraws(db, {
        ...(options.before === undefined ? {} : { before: options.before }),
        limit: options.limit ?? DEFAULT_DRAW_PAGE,
      });
      return Promise.all(rows.map((row) => toPublic(row)));
    },

    /** The player's own entry; another player's looks exactly like an unknown one. */
    async entry(userId: string, entryId: number): Promise<DrawEntry> {
      const entry = await findEntry(db, entryId);
      if (!entry || entry.userId !== userId) throw notFound('Unknown entry');
      return toDrawEntryView(entry);
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
      const draw = await currentDraw();
      return {
        draw,
        entries: await countEntries(db, draw.id),
        secondsLeft: Math.max(0, Math.ceil((draw.closesAt.getTime() - now().getTime()) / 1000)),
      };
    },
  };
}

export type DrawService = ReturnType<typeof createDrawService>;
