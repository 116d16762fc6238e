// What the draw (machines/draw-cycle/draw-cycle.machine.ts) holds and hears: its context,
// events and input, the session flags it reads, its routes and texts, and the arithmetic of
// the countdown.
import type { GrandPrize } from '../../contract/api';
import type { QuestionnaireReport } from '../questionnaire/questionnaire.types';
import type { QuestionsFlowStart } from '../questionnaire/questions-flow.machine';
import type { ToastEffect } from '../shared/effects';
import { browserClock, type Clock } from '../shared/clock';
import { parsePersistedDraw, type PersistedDraw } from './draw-cycle.persistence';
import { sessionFlagsOf, type SessionFlags } from '../session/session-flags';

export { sessionFlagsOf, type SessionFlags } from '../session/session-flags';

/** Flags of a player the session has not described (a session that passes none). */
const NO_SESSION_FLAGS: SessionFlags = {
  isFirstTimeUser: false,
  isFirstQuestionnaire: false,
  announcedGrandPrizeDrawIds: [],
};

export type DrawCycleContext = PersistedDraw & {
  /** The player pressed the button during this visit. */
  hasEnteredDrawInSession: boolean;
  /** Where the questions flow starts when the draw runs it next. */
  questionsStart: QuestionsFlowStart;
  /** From the timer: the player has questions left to answer. */
  showTellUsMore: boolean;
  /** The prize the 'YOU WON!' view shows while it is on screen. */
  grandPrizeAmount: number | null;
  /** The draw of the prize to announce, from when it is found until the view goes. */
  grandPrizeDrawId: number | null;
  /** The session's flags: given when the session starts the draw, sent again when they change. */
  flags: SessionFlags;
  /** Prizes this draw announced, until the session has them too. */
  announcedHere: readonly number[];
  /** The time the countdown counts with (the browser's; a simulated one in tests). */
  clock: Clock;
};

export type DrawCycleInput = {
  /** The raw `draw-storage` entry, as the device holds it (may be damaged or missing). */
  stored: string | null;
  /** The session's flags as the draw starts; `session.flagsChanged` brings later ones. */
  flags?: SessionFlags;
  /** The browser's clock unless given. */
  clock?: Clock;
};

export type DrawCycleEvent =
  | { type: 'draw.press' }
  /** The window got focus back or became visible again. */
  | { type: 'window.focused' }
  /** TimerChannel broadcast `{ refetch: true }`: a draw has closed. */
  | { type: 'cable.refetch' }
  | { type: 'countdown.tick' }
  /** Raised by the chart when the countdown reaches 0 and the timer should be asked again. */
  | { type: 'countdown.ended' }
  /** The player opened an address (the session passes on every opening while signed in). */
  | { type: 'route.opened'; path: string }
  /** The session's flags changed (the player is returning, a prize was announced). */
  | { type: 'session.flagsChanged'; flags: SessionFlags }
  /** Raised by the chart: the flags or the entry the questions flow started with changed. */
  | { type: 'questions.inputChanged' }
  /** The questions flow's progress, for draw-storage. */
  | QuestionnaireReport;

export type DrawCycleEmitted = ToastEffect;

export const HOME_PATH = '/home';
export const YOUVE_ENTERED_PATH = '/youve-entered';
/** The navigation state the reward screens read to know where the player came from. */
export const REDIRECTED_FROM_YOUVE_ENTERED = { redirectedFrom: 'YouveEntered' } as const;
/** Shown when entering fails without a message from the server. */
export const TOAST_ENTER_FAILED = 'Server Error';
/** The daily draw's length, until the server has said how long a cycle is. */
export const DEFAULT_CYCLE_SECONDS = 86_400;

/**
 * Seconds left of `interval` seconds counted from `startedAt`, at `now`; never below 0. Rounded
 * up, so the countdown shows 0:00 from the moment the interval ends, not a second before.
 */
export function remainingSeconds(interval: number, startedAt: number | null, now: number): number {
  if (startedAt === null) return 0;
  const leftMs = Math.round(interval * 1000) - Math.max(0, now - startedAt);
  return Math.max(0, Math.ceil(leftMs / 1000));
}

/** When the running interval ends (ms since the epoch), null before any countdown. */
export function countdownEndsAt(context: PersistedDraw): number | null {
  if (context.countdownStartedAt === null) return null;
  return context.countdownStartedAt + Math.round(context.secondsUntilNextDraw * 1000);
}

/** The server's time left to the millisecond when it says so, its whole seconds otherwise. */
export function preciseSeconds(seconds: number, ms: number | undefined): number {
  return ms === undefined ? seconds : ms / 1000;
}

export function initialContext(input: DrawCycleInput): DrawCycleContext {
  return {
    ...parsePersistedDraw(input.stored),
    hasEnteredDrawInSession: false,
    questionsStart: 'youveEntered',
    showTellUsMore: false,
    grandPrizeAmount: null,
    grandPrizeDrawId: null,
    flags: sessionFlagsOf(input.flags ?? NO_SESSION_FLAGS),
    announcedHere: [],
    clock: input.clock ?? browserClock,
  };
}

/** The draws whose grand prize this device has announced (by the session, or just now here). */
export function announcedDrawIds(context: DrawCycleContext): readonly number[] {
  return [...new Set([...context.flags.announcedGrandPrizeDrawIds, ...context.announcedHere])];
}

/** The newest prize not yet announced (a claimed one is no news): the list is newest first. */
export function unannouncedGrandPrize(
  prizes: GrandPrize[],
  context: DrawCycleContext,
): GrandPrize | undefined {
  const announced = announcedDrawIds(context);
  return prizes.find((prize) => !prize.claimed && !announced.includes(prize.draw_id));
}
