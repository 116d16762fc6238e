// How the draw survives a reload (spec sections 3 and 9): the state lives on the device under
// `draw-storage`. `loading`, `hasEnteredDrawInSession` and `rewards` belong to this visit only
// and are never written; neither is what the timer last said about Tell Us More, nor what the
// session lends the draw (its flags are the session's to keep).
import * as z from 'zod/mini';
import { DrawEntry } from '../../contract/api';
import type { DeviceStorage } from '../session/session.persistence';

export const DRAW_STORAGE_KEY = 'draw-storage';
/** Set to 'true' when the player presses the button ('false' again from the players screen). */
export const HAS_CLICKED_BUTTON_KEY = 'hasClickedButton';

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
};

const KEYS = Object.keys(INITIAL_PERSISTED_DRAW) as Array<keyof PersistedDraw>;

// Stored the way a persisted store writes it, `{ state, version }`, like `user-storage`.
const STORAGE_VERSION = 0;

/**
 * Reads what `draw-storage` held. Anything unreadable falls back field by field to a fresh
 * draw state, so a damaged entry costs at most a countdown, never the button.
 */
export function parsePersistedDraw(raw: string | null): PersistedDraw {
  if (raw === null) return INITIAL_PERSISTED_DRAW;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return INITIAL_PERSISTED_DRAW;
  }
  const state =
    typeof parsed === 'object' && parsed !== null && 'state' in parsed ? parsed.state : parsed;
  if (typeof state !== 'object' || state === null) return INITIAL_PERSISTED_DRAW;
  const fields = state as Record<string, unknown>;
  const draw: Record<string, unknown> = {};
  for (const key of KEYS) {
    const result = PersistedDraw.shape[key].safeParse(fields[key]);
    draw[key] = result.success ? result.data : INITIAL_PERSISTED_DRAW[key];
  }
  return draw as PersistedDraw;
}

/** Only the persisted fields, whatever else the context holds. */
export function pickPersistedDraw(draw: PersistedDraw): PersistedDraw {
  const state: Record<string, unknown> = {};
  for (const key of KEYS) state[key] = draw[key];
  return state as PersistedDraw;
}

export function serializePersistedDraw(draw: PersistedDraw): string {
  return JSON.stringify({ state: pickPersistedDraw(draw), version: STORAGE_VERSION });
}

function attempt(write: () => void): void {
  try {
    write();
  } catch {
    // A full quota or private mode: the draw still works for this visit.
  }
}

export function readStoredDraw(storage: DeviceStorage | null): string | null {
  if (!storage) return null;
  try {
    return storage.getItem(DRAW_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function writeHasClickedButton(storage: DeviceStorage | null): void {
  if (storage) attempt(() => storage.setItem(HAS_CLICKED_BUTTON_KEY, 'true'));
}

/**
 * Keeps `draw-storage` in step with a running draw cycle: writes whenever the persisted part
 * changes (the countdown changes it once a second at most). Returns the unsubscribe function.
 */
export function persistDraw(
  actor: {
    subscribe: (listener: (snapshot: { context: PersistedDraw }) => void) => {
      unsubscribe: () => void;
    };
  },
  storage: DeviceStorage | null,
): () => void {
  let last: string | null = null;
  const subscription = actor.subscribe((snapshot) => {
    const next = serializePersistedDraw(snapshot.context);
    if (next === last || !storage) return;
    last = next;
    attempt(() => storage.setItem(DRAW_STORAGE_KEY, next));
  });
  return () => subscription.unsubscribe();
}
