// Entering the draw (DESIGN section 2): the press and Tell Us More, one entry per player and
// draw, and the timer that tells a player whether they are in the open draw. Both are the busy
// moments of the product: each takes one statement, shared by the calls of one turn of the
// event loop. The button, Tell Us More and the operator all enter through the same statement
// (repositories/entering.ts enterOpenDraw), so they lock alike.
import { LRUCache } from 'lru-cache';
import type { DrawEntry, TimerResponse } from '../../contract/api';
import { runUnprepared } from '../db/database';
import { notFound, tooMany } from '../errors';
import { findEntry, type DrawEntryRow } from '../repositories/draws';
import {
  enterOpenDraw,
  timerForSessions,
  type EntrantEntry,
  type Entrants,
} from '../repositories/entering';
import { batched } from './batched';
import type { ServiceContext } from './context';
import type { DrawLifecycle } from './draw-lifecycle';

/**
 * Presses one session may make per second. A person presses once; the app retries a few
 * times after a lost answer; a loop pressing faster only takes database time from everyone.
 */
export const PRESSES_PER_SECOND = 5;
const PRESS_WINDOW_MS = 1_000;
/**
 * Sessions whose presses are counted at once; the least recent are forgotten first. A count
 * lives one second, so this is the sessions pressing within the same second on one instance.
 * The cache sets aside room for all of them when the app starts (200,000 took 34 ms and 8 MB
 * on every start); a session forgotten early may press a few times more, which an entry
 * answers as the same press.
 */
const COUNTED_SESSIONS = 20_000;

export function toDrawEntryView(row: DrawEntryRow): DrawEntry {
  return {
    id: row.id,
    draw_id: row.drawId,
    source: row.source,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A fixed window of presses per session, counted in this instance's memory: it costs no
 * database write, and with N instances a session gets at most N times the limit.
 */
function pressCounter() {
  const counts = new LRUCache<string, { presses: number }>({
    max: COUNTED_SESSIONS,
    ttl: PRESS_WINDOW_MS,
    // The window starts at the first press; later presses do not extend it.
    noUpdateTTL: true,
  });
  /** Null when the press may go on; else the seconds until the session may press again. */
  return (sessionId: string): number | null => {
    const counted = counts.get(sessionId);
    if (!counted) {
      counts.set(sessionId, { presses: 1 });
      return null;
    }
    counted.presses += 1;
    if (counted.presses <= PRESSES_PER_SECOND) return null;
    return Math.max(1, Math.ceil(counts.getRemainingTTL(sessionId) / 1000));
  };
}

export function createDrawEntries(
  context: ServiceContext,
  lifecycle: DrawLifecycle,
  options: { entered: () => void },
) {
  const { db, config, now } = context;
  const runPrepared = context.runPrepared ?? runUnprepared(db);
  const overLimit = pressCounter();

  /** Whole seconds (rounded up, as the contract has always said) and the exact milliseconds. */
  const timeUntil = (closesAt: Date) => {
    const ms = Math.max(0, closesAt.getTime() - now().getTime());
    return { seconds: Math.ceil(ms / 1000), ms };
  };
  const drawTimeLeft = (closesAt: Date) => {
    const left = timeUntil(closesAt);
    return { draw_time_left: left.seconds, draw_time_left_ms: left.ms };
  };

  /**
   * One statement for the entrants of one turn, named by session or by player id; null for an
   * entrant that is not live (a session ended, a player deleted).
   */
  const enterAs = (named: (ids: readonly string[]) => Entrants) =>
    batched(async (ids: readonly string[]) => {
      const found = await enterOpenDraw(runPrepared, named([...new Set(ids)]), now());
      // One entrant entering twice in one turn: the first is credited, the others repeat.
      const answered = new Set<string>();
      return ids.map((id): EntrantEntry | null => {
        const entered = found.get(id);
        if (!entered) return null;
        if (answered.has(id)) return { ...entered, created: false };
        answered.add(id);
        return entered;
      });
    });
  const enterBySession = enterAs((sessionIds) => ({ sessionIds }));
  const enterByPlayer = enterAs((userIds) => ({ userIds }));

  /**
   * Enters the open draw through `enterOne`: null when the entrant is not live. A statement
   * that finds the open draw's window passed, before the scheduler has closed it, closes it
   * (exactly once, as the scheduler would) and enters the next draw.
   */
  async function enter(
    enterOne: (id: string) => Promise<EntrantEntry | null>,
    id: string,
  ): Promise<{ entry: DrawEntry; created: boolean } | null> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const found = await enterOne(id);
      if (!found) return null;
      if (found.entry && found.closesAt) {
        if (found.created) options.entered();
        return {
          entry: { ...toDrawEntryView(found.entry), ...drawTimeLeft(found.closesAt) },
          created: found.created,
        };
      }
      // No draw open and due: its window passed and nobody has closed it yet. Otherwise an
      // entry of the same player from elsewhere had not committed: asking again finds it.
      const open = await lifecycle.openDraw();
      if (!open || open.closesAt <= now()) await lifecycle.catchUp();
    }
    throw new Error('the entry could not reach an open draw');
  }

  /**
   * One statement for the timers of one turn: which sessions are live and whether their players
   * pressed in the open draw. The open draw comes from memory, read once for the whole turn.
   */
  const timerAs = batched(async (sessionIds: readonly string[]) => {
    const draw = await lifecycle.openDraw();
    const found = await timerForSessions(
      runPrepared,
      [...new Set(sessionIds)],
      draw?.id ?? null,
      now(),
    );
    return sessionIds.map((sessionId) => {
      const timer = found.get(sessionId);
      return timer ? { ...timer, draw } : null;
    });
  });

  return {
    /**
     * The press of a request, by the session its token names: null when that session is not
     * live. First press or repeat, it is one statement, shared with the entries that arrive
     * together.
     */
    async pressInSession(
      sessionId: string,
    ): Promise<{ entry: DrawEntry; created: boolean } | null> {
      const waitSeconds = overLimit(sessionId);
      if (waitSeconds !== null) {
        throw tooMany('Too many presses: the button needs a moment', waitSeconds);
      }
      return enter(enterBySession, sessionId);
    },

    /**
     * Tell Us More's entry (the player's entry in the open draw, made for them when they have
     * none): the press's statement, without the button's press count. Null when the session is
     * not live.
     */
    enterInSession: (sessionId: string) => enter(enterBySession, sessionId),

    /** A press by player id (the operator's tools and tests): the same statement, no session. */
    async press(userId: string): Promise<{ entry: DrawEntry; created: boolean }> {
      const entered = await enter(enterByPlayer, userId);
      if (!entered) throw notFound('Unknown user');
      return entered;
    },

    /**
     * The timer of a request, by the session its token names: null when that session is not
     * live. The open draw is read from memory; the session check and whether its player pressed
     * are one statement, shared with the timers of the same turn (after a closing every app
     * asks at once).
     */
    async timerInSession(sessionId: string): Promise<TimerResponse | null> {
      const found = await timerAs(sessionId);
      if (!found) return null;
      const base = {
        cycle_time: config.CYCLE_SECONDS,
        // The tab shows while the operator has it on and a question is left for the player.
        show_tell_us_more: config.FEATURE_TELL_US_MORE && found.hasQuestionsLeft,
      };
      // A draw past its window and not closed yet is reported as it is: time_left 0.
      if (!found.draw || !found.pressed) {
        return { ...base, cycle_finished: true, time_left: 0, time_left_ms: 0 };
      }
      const left = timeUntil(found.draw.closesAt);
      return { ...base, cycle_finished: false, time_left: left.seconds, time_left_ms: left.ms };
    },

    /** The player's own entry; another player's looks exactly like an unknown one. */
    async entry(userId: string, entryId: number): Promise<DrawEntry> {
      const entry = await findEntry(db, entryId);
      if (!entry || entry.userId !== userId) throw notFound('Unknown entry');
      return toDrawEntryView(entry);
    },
  };
}

export type DrawEntries = ReturnType<typeof createDrawEntries>;
