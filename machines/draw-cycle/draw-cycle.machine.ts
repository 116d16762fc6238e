// The draw (spec sections 2, 3, 4 and 9): the black button, entering the open draw, the
// countdown to the next drawing, the timer the server keeps, the live channel that says a draw
// has closed, the 'You're Entered To Win' screen and the 'YOU WON!' view. It runs while a
// player is signed in, as a child of the session (the app's root): it reads the session's flags
// from the system, tells its parent when the grand prize has been shown, and asks the app to
// navigate and to toast. 'YOU WON!' announces each grand prize once, and only on /home.
import { and, assign, emit, not, raise, sendTo, setup, stateIn } from 'xstate';
import type { AnyActorRef } from 'xstate';
import type { DrawEntry, GrandPrize, Reward, TimerResponse } from '../../contract/api';
import { toCallFailure, type CallFailure } from '../entry-flow/entry-flow.actors';
import { browserStorage } from '../session/session.persistence';
import type { NavigateEffect, ToastEffect } from '../shared/effects';
import { browserClock, type Clock } from '../shared/clock';
import { disconnectedDrawCycleActors } from './draw-cycle.actors';
import {
  parsePersistedDraw,
  writeHasClickedButton,
  type PersistedDraw,
} from './draw-cycle.persistence';

/** What the draw reads from the session. */
export type SessionFlags = {
  isFirstTimeUser: boolean;
  isFirstQuestionnaire: boolean;
  /** The draws whose grand prize has been announced on this device. */
  announcedGrandPrizeDrawIds: readonly number[];
};

/**
 * Where the draw reads the session's flags, as they are at the moment of reading: the session
 * actor itself in the app (it invokes the draw with `self`), fixed flags in tests.
 */
export type SessionFlagsSource = { getSnapshot(): { context: SessionFlags } };

/** Flags that never change, for a draw running without a session (tests, path walks). */
export function fixedSessionFlags(flags: SessionFlags): SessionFlagsSource {
  const snapshot = { context: flags };
  return { getSnapshot: () => snapshot };
}

export type DrawCycleContext = PersistedDraw & {
  /** The player pressed the button during this visit. */
  hasEnteredDrawInSession: boolean;
  /** Rewards found by the check after entering, for the reward screens. */
  rewards: Reward[];
  /** From the timer: the player has questions left to answer. */
  showTellUsMore: boolean;
  /** The prize the 'YOU WON!' view shows while it is on screen. */
  grandPrizeAmount: number | null;
  /** The draw of the prize to announce, from when it is found until the view goes. */
  grandPrizeDrawId: number | null;
  /** The player is on /home, the one screen 'YOU WON!' shows on. */
  isOnHome: boolean;
  /** The session, read when a rule needs its flags (no copy is kept). */
  session: SessionFlagsSource;
  /** Prizes this draw announced, until the session has them too. */
  announcedHere: readonly number[];
  /** The time the countdown counts with (the browser's; a simulated one in tests). */
  clock: Clock;
};

export type DrawCycleInput = {
  /** The raw `draw-storage` entry, as the device holds it (may be damaged or missing). */
  stored: string | null;
  session: SessionFlagsSource;
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
  | { type: 'youveEntered.opened' }
  | { type: 'youveEntered.left' }
  /** /home opened or left: 'YOU WON!' shows only there. */
  | { type: 'home.opened' }
  | { type: 'home.left' };

export type DrawCycleEmitted = NavigateEffect | ToastEffect;

export const YOUVE_ENTERED_PATH = '/youve-entered';
export const REWARDS_PATH = '/rewards';
export const WHAT_I_LIKE_PATH = '/what-i-like';
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
function preciseSeconds(seconds: number, ms: number | undefined): number {
  return ms === undefined ? seconds : ms / 1000;
}

function initialContext(input: DrawCycleInput): DrawCycleContext {
  return {
    ...parsePersistedDraw(input.stored),
    hasEnteredDrawInSession: false,
    rewards: [],
    showTellUsMore: false,
    grandPrizeAmount: null,
    grandPrizeDrawId: null,
    isOnHome: false,
    session: input.session,
    announcedHere: [],
    clock: input.clock ?? browserClock,
  };
}

/** The session's flags as they are now. */
function flagsOf(context: DrawCycleContext): SessionFlags {
  return context.session.getSnapshot().context;
}

/** The draws whose grand prize this device has announced (by the session, or just now here). */
export function announcedDrawIds(context: DrawCycleContext): readonly number[] {
  return [...new Set([...flagsOf(context).announcedGrandPrizeDrawIds, ...context.announcedHere])];
}

/** The newest prize not yet announced (a claimed one is no news): the list is newest first. */
function unannouncedGrandPrize(
  prizes: GrandPrize[],
  context: DrawCycleContext,
): GrandPrize | undefined {
  const announced = announcedDrawIds(context);
  return prizes.find((prize) => !prize.claimed && !announced.includes(prize.draw_id));
}

export const drawCycleMachine = setup({
  types: {
    context: {} as DrawCycleContext,
    events: {} as DrawCycleEvent,
    input: {} as DrawCycleInput,
    emitted: {} as DrawCycleEmitted,
  },
  actors: disconnectedDrawCycleActors,
  delays: {
    /** 'You're Entered To Win' stays 1.5 s before the rewards check (spec section 9). */
    youveEnteredCheck: 1500,
    /** The 'YOU WON!' view stays 3 s (spec section 9). */
    grandPrizeOverlay: 3000,
  },
  guards: {
    canEnterDraw: ({ context }) => context.canEnterDraw,
    cannotEnterDraw: ({ context }) => !context.canEnterDraw,
    // The press resumes what is under way instead of entering twice.
    hasQuestionnaireOrEntry: ({ context }) =>
      context.currentQuestionnaire !== null || context.currentDrawEntry !== null,
    hasTimeLeft: ({ context }) => context.timeLeft > 0,
    isTimeUp: ({ context }) => context.timeLeft === 0,
    // Spec section 4: at zero the timer is asked again unless the player can already enter or
    // is a first-time user (a fetch in progress is the third exception, checked by state).
    shouldRefetchAtZero: ({ context }) =>
      !context.canEnterDraw && !flagsOf(context).isFirstTimeUser,
    hasUnannouncedGrandPrize: ({ context }, prizes: GrandPrize[]) =>
      unannouncedGrandPrize(prizes, context) !== undefined,
    isOnHome: ({ context }) => context.isOnHome,
    hasRewards: (_, rewards: Reward[]) => rewards.length > 0,
  },
  actions: {
    navigate: emit((_, params: { to: string; state?: Record<string, unknown> }) => ({
      type: 'navigate' as const,
      to: params.to,
      ...(params.state === undefined ? {} : { state: params.state }),
    })),
    storeHasClickedButton: () => writeHasClickedButton(browserStorage()),
    // Spec section 4, entering a draw: marked at once, before the server has answered.
    markEntered: assign(({ context }) => {
      const now = context.clock.now();
      // A countdown the server set keeps running; otherwise the remembered cycle counts from
      // the press (stored interval minus time since entry).
      const counting = context.timeLeft > 0 && context.countdownStartedAt !== null;
      const interval = context.cycleTime ?? DEFAULT_CYCLE_SECONDS;
      return {
        hasEnteredDrawInSession: true,
        canEnterDraw: false,
        lastDrawEntered: now,
        ...(counting
          ? {}
          : { secondsUntilNextDraw: interval, countdownStartedAt: now, timeLeft: interval }),
      };
    }),
    recordEntry: assign(({ context }, params: { entry: DrawEntry }) => {
      const {
        draw_time_left: drawTimeLeft,
        draw_time_left_ms: drawTimeLeftMs,
        ...entry
      } = params.entry;
      return {
        draw_entries: [...context.draw_entries, entry],
        currentDrawEntry: entry,
        // The server knows when this draw closes: the countdown runs to that moment rather
        // than a whole cycle from the press.
        ...(drawTimeLeft === undefined
          ? {}
          : {
              secondsUntilNextDraw: preciseSeconds(drawTimeLeft, drawTimeLeftMs),
              countdownStartedAt: context.clock.now(),
              timeLeft: Math.ceil(preciseSeconds(drawTimeLeft, drawTimeLeftMs)),
            }),
      };
    }),
    toastEntryFailure: emit((_, failure: CallFailure) => ({
      type: 'toast' as const,
      message: failure.detail ?? TOAST_ENTER_FAILED,
      variant: 'error' as const,
    })),
    recomputeTimeLeft: assign(({ context }) => ({
      timeLeft: remainingSeconds(
        context.secondsUntilNextDraw,
        context.countdownStartedAt,
        context.clock.now(),
      ),
    })),
    // At 0 with entering blocked, entering is allowed again; the entry counted down belongs to
    // a draw that is over, so the next press enters the next draw.
    allowEntryAgain: assign({ canEnterDraw: true, currentDrawEntry: null }),
    requestRefetch: raise({ type: 'countdown.ended' }),
    // The screen the press navigates to starts its wait with the press, not a render later.
    openYouveEntered: raise({ type: 'youveEntered.opened' }),
    // Spec section 4, the timer, rule by rule.
    applyTimer: assign(({ context }, timer: TimerResponse) => {
      const now = context.clock.now();
      const next: Partial<DrawCycleContext> = {
        showTellUsMore: timer.show_tell_us_more,
        cycleTime: timer.cycle_time,
      };
      if (!timer.cycle_finished) {
        const left = preciseSeconds(timer.time_left, timer.time_left_ms);
        next.secondsUntilNextDraw = left;
        next.countdownStartedAt = now;
        next.timeLeft = Math.ceil(left);
      } else {
        // No entry of this player in the open draw: whatever entry the app held is over.
        next.currentDrawEntry = null;
        if (!context.canEnterDraw) {
          const interval = context.cycleTime ?? timer.cycle_time;
          next.secondsUntilNextDraw = interval;
          next.countdownStartedAt = now;
          next.timeLeft = interval;
          if (!flagsOf(context).isFirstQuestionnaire) next.canEnterDraw = true;
        }
      }
      if (!context.canEnterDraw && !context.hasFinishedQuestionnaire) next.canEnterDraw = true;
      return next;
    }),
    holdGrandPrize: assign(({ context }, prizes: GrandPrize[]) => {
      const prize = unannouncedGrandPrize(prizes, context);
      return {
        grandPrizeAmount: prize?.additional_info.prize_amount ?? null,
        grandPrizeDrawId: prize?.draw_id ?? null,
      };
    }),
    // Remembered as announced the moment it shows: leaving or closing the app within the 3 s
    // does not bring it back.
    markGrandPrizeAnnounced: assign(({ context }) => ({
      announcedHere:
        context.grandPrizeDrawId === null
          ? context.announcedHere
          : [...context.announcedHere, context.grandPrizeDrawId],
    })),
    hideGrandPrize: assign({ grandPrizeAmount: null, grandPrizeDrawId: null }),
    // To the session of the system (a draw running on its own, in a path walk, has none).
    tellSessionGrandPrizeShown: sendTo(
      ({ system, self }) => (system.get('session') as AnyActorRef | undefined) ?? self,
      ({ context }) => ({
        type: 'session.grandPrizeShown' as const,
        drawId: context.grandPrizeDrawId ?? 0,
      }),
    ),
    markOnHome: assign({ isOnHome: true }),
    markAwayFromHome: assign({ isOnHome: false }),
    storeRewards: assign((_, rewards: Reward[]) => ({ rewards })),
  },
}).createMachine({
  id: 'drawCycle',
  type: 'parallel',
  context: ({ input }) => initialContext(input),
  invoke: [
    // The live channel stays open for as long as the player is signed in.
    { id: 'listenToCable', src: 'listenToCable' },
    // The window getting focus back, or becoming visible again.
    { id: 'watchWindowFocus', src: 'watchWindowFocus' },
  ],
  on: {
    'home.opened': { actions: 'markOnHome' },
    'home.left': { actions: 'markAwayFromHome' },
  },
  states: {
    entry: {
      description: 'The black button: a press enters the open draw, once.',
      initial: 'idle',
      states: {
        idle: {
          on: {
            'draw.press': [
              {
                guard: and(['canEnterDraw', 'hasQuestionnaireOrEntry']),
                actions: [
                  { type: 'navigate', params: { to: YOUVE_ENTERED_PATH } },
                  'openYouveEntered',
                  'storeHasClickedButton',
                  'markEntered',
                ],
              },
              {
                guard: 'canEnterDraw',
                target: 'entering',
                actions: [
                  { type: 'navigate', params: { to: YOUVE_ENTERED_PATH } },
                  'openYouveEntered',
                  'storeHasClickedButton',
                  'markEntered',
                ],
              },
            ],
          },
        },
        entering: {
          invoke: {
            id: 'enterDraw',
            src: 'enterDraw',
            input: ({ context }) => ({ clock: context.clock }),
            onDone: {
              target: 'idle',
              actions: { type: 'recordEntry', params: ({ event }) => ({ entry: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'toastEntryFailure',
                params: ({ event }) => toCallFailure(event.error),
              },
            },
          },
        },
      },
    },
    countdown: {
      description: 'Time to the next drawing, recomputed each second from real elapsed time.',
      initial: 'stopped',
      states: {
        stopped: {
          always: { guard: 'hasTimeLeft', target: 'running' },
        },
        running: {
          entry: 'recomputeTimeLeft',
          invoke: {
            id: 'tickEverySecond',
            src: 'tickEverySecond',
            // The ticks fall when the shown second changes, wherever the countdown started.
            input: ({ context, self }) => ({
              clock: context.clock,
              endsAt: () => countdownEndsAt(self.getSnapshot().context),
            }),
          },
          on: { 'countdown.tick': { actions: 'recomputeTimeLeft' } },
          always: [
            {
              guard: and(['isTimeUp', 'shouldRefetchAtZero', not(stateIn({ timer: 'fetching' }))]),
              target: 'refetchingAtZero',
              actions: 'allowEntryAgain',
            },
            { guard: 'isTimeUp', target: 'stopped', actions: 'allowEntryAgain' },
          ],
        },
        refetchingAtZero: {
          description: 'Zero reached with entering blocked: the timer is asked again.',
          entry: 'requestRefetch',
          always: 'stopped',
        },
      },
    },
    timer: {
      description: "The server's timer: at start, on focus while entry is blocked, at zero, live.",
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'fetchTimer',
            src: 'fetchTimer',
            input: ({ context }) => ({ clock: context.clock }),
            onDone: {
              target: 'idle',
              actions: { type: 'applyTimer', params: ({ event }) => event.output },
            },
            // Logged only (spec section 8): the countdown carries on with what it knew.
            onError: { target: 'idle' },
          },
          on: {
            // A draw closed while asking: the answer on its way may predate it, ask again.
            'cable.refetch': { target: 'fetching', reenter: true },
          },
        },
        idle: {
          on: {
            'window.focused': { guard: 'cannotEnterDraw', target: 'fetching' },
            'cable.refetch': { target: 'fetching' },
            'countdown.ended': { target: 'fetching' },
          },
        },
      },
    },
    grandPrize: {
      description: "The 'YOU WON!' view: for 3 s on /home, once per grand prize.",
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'fetchGrandPrizes',
            src: 'fetchGrandPrizes',
            onDone: [
              {
                guard: { type: 'hasUnannouncedGrandPrize', params: ({ event }) => event.output },
                target: 'waitingForHome',
                actions: { type: 'holdGrandPrize', params: ({ event }) => event.output },
              },
              { target: 'idle' },
            ],
            onError: { target: 'idle' },
          },
        },
        idle: {
          on: {
            'cable.refetch': { target: 'fetching' },
            'countdown.ended': { target: 'fetching' },
          },
        },
        // Found while the player is elsewhere: it shows when they are back on /home.
        waitingForHome: {
          always: { guard: 'isOnHome', target: 'showing' },
        },
        showing: {
          entry: ['markGrandPrizeAnnounced', 'tellSessionGrandPrizeShown'],
          after: { grandPrizeOverlay: { target: 'idle', actions: 'hideGrandPrize' } },
          on: { 'home.left': { target: 'idle', actions: 'hideGrandPrize' } },
        },
      },
    },
    youveEntered: {
      description: "'You're Entered To Win': after 1.5 s, the rewards decide where next.",
      initial: 'away',
      states: {
        // Opened by a press, or by a reload or a link: the screen says so when it opens.
        away: {
          on: { 'youveEntered.opened': { target: 'waiting' } },
        },
        waiting: {
          after: { youveEnteredCheck: { target: 'checkingRewards' } },
          on: { 'youveEntered.left': { target: 'away' } },
        },
        checkingRewards: {
          invoke: {
            id: 'fetchRewards',
            src: 'fetchRewards',
            onDone: [
              {
                guard: { type: 'hasRewards', params: ({ event }) => event.output },
                target: 'away',
                actions: [
                  { type: 'storeRewards', params: ({ event }) => event.output },
                  {
                    type: 'navigate',
                    params: { to: REWARDS_PATH, state: { ...REDIRECTED_FROM_YOUVE_ENTERED } },
                  },
                ],
              },
              { target: 'away', actions: { type: 'navigate', params: { to: WHAT_I_LIKE_PATH } } },
            ],
            // No rewards to show: on to the questions as when there are none.
            onError: {
              target: 'away',
              actions: { type: 'navigate', params: { to: WHAT_I_LIKE_PATH } },
            },
          },
          on: { 'youveEntered.left': { target: 'away' } },
        },
      },
    },
  },
});

export type DrawCycleMachine = typeof drawCycleMachine;
