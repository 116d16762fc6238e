// How the draw survives a reload (spec sections 3 and 9): the state lives on the device under
// `draw-storage`. `loading`, `hasEnteredDrawInSession` and `rewards` belong to this visit only
// and are never written; neither is what the timer last said about Tell Us More, nor what the
// session lends the draw (its flags are the session's to keep).
import * as z from 'zod/mini';
import { DrawEntry } from '../../contract/api';
import { definePersisted, STORAGE_KEYS, type StorageKey } from '../shared/device';

export const DRAW_STORAGE_KEY = STORAGE_KEYS.drawStorage;

/** The questionnaire a press leads into (spec section 3); its flow arrives with the questions. */
export const CurrentQuestionnaire = z.object({
  id: z.string(),
  attributes: z.object({ next_question: z.nullable(z.string()), finished: z.boolean() }),
});
export type CurrentQuestionnaire = z.infer<typeof CurrentQuestionnaire>;

const epochMs = z.nullable(z.number().check(z.nonnegative()));
const seconds = z.number().check(z.nonnegative());

/** The part of the draw state the device keeps. */
export const PersistedDraw = z.object({
  /** When the player last pressed the button (ms since the epoch). */
  lastDrawEntered: epochMs,
  /** The interval the countdown counts down, in seconds, from `countdownStartedAt`. */
  secondsUntilNextDraw: seconds,
  /** Where the running interval starts (ms since the epoch); null before any countdown. */
  countdownStartedAt: epochMs,
  /** The remembered cycle length from the timer, in seconds; null until the server said. */
  cycleTime: z.nullable(z.number().check(z.positive())),
  canEnterDraw: z.boolean(),
  draw_entries: z.array(DrawEntry),
  currentDrawEntry: z.nullable(DrawEntry),
  hasReceivedGC: z.boolean(),
  hasFinishedQuestionnaire: z.boolean(),
  /** Seconds left on the countdown, as last computed. */
  timeLeft: seconds,
  isAnsweringFromTellUsMore: z.boolean(),
  firstQuestionnaireAnswered: z.boolean(),
  currentQuestionnaire: z.nullable(CurrentQuestionnaire),
  questionsAnswered: z.int().check(z.nonnegative()),
  /**
   * Which batch `currentQuestionnaire` belongs to: the one after a press, or Tell Us More's. A
   * reload, Back or Forward resumes it at its card, whichever it is.
   */
  questionsMode: z.enum(['batch', 'tellUsMore']),
});
export type PersistedDraw = z.infer<typeof PersistedDraw>;

export const INITIAL_PERSISTED_DRAW: PersistedDraw = {
  lastDrawEntered: null,
  secondsUntilNextDraw: 0,
  countdownStartedAt: null,
  cycleTime: null,
  canEnterDraw: true,
  draw_entries: [],
  currentDrawEntry: null,
  hasReceivedGC: false,
  hasFinishedQuestionnaire: false,
  timeLeft: 0,
  isAnsweringFromTellUsMore: false,
  firstQuestionnaireAnswered: false,
  currentQuestionnaire: null,
  questionsAnswered: 0,
  questionsMode: 'batch',
};

export const drawStorageEntry = definePersisted(
  STORAGE_KEYS.drawStorage,
  PersistedDraw,
  INITIAL_PERSISTED_DRAW,
);

/**
 * Reads what `draw-storage` held. Anything unreadable falls back field by field to a fresh
 * draw state, so a damaged entry costs at most a countdown, never the button.
 */
export const parsePersistedDraw = drawStorageEntry.parse;
/** Only the persisted fields, whatever else the context holds. */
export const pickPersistedDraw = drawStorageEntry.pick;
export const serializePersistedDraw = drawStorageEntry.serialize;

/**
 * What the draw keeps on the device, as its reporter tells the root (machines/shared/root.ts):
 * `draw-storage`, and `hasClickedButton`, 'true' once the player has pressed the button during
 * a visit (left as it is before that: an earlier visit's press still counts).
 */
export function drawKeptOnDevice(
  context: PersistedDraw & { hasEnteredDrawInSession: boolean },
): Partial<Record<StorageKey, string>> {
  return {
    [STORAGE_KEYS.drawStorage]: drawStorageEntry.serialize(context),
    ...(context.hasEnteredDrawInSession ? { [STORAGE_KEYS.hasClickedButton]: 'true' } : {}),
  };
}
