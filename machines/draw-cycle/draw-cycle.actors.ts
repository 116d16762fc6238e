// The calls, the clock and the live channel of the draw cycle, as actors the machine invokes by
// id. The app builds them from the real API client and the ActionCable client; tests give fakes.
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type {
  DrawEntry,
  DrawEntryResponse,
  GrandPrize,
  GrandPrizeListResponse,
  RewardListResponse,
  TimerResponse,
} from '../../contract/api';
import type { Clock } from '../shared/clock';
import {
  connectQuestionsFlow,
  type QuestionsFlowApi,
} from '../questionnaire/questions-flow.actors';
import type { RewardPlaybackEffects } from '../reward-playback/reward-playback.actors';

/** The part of the API client the draw cycle calls (src/lib/api.ts has these shapes). */
export type DrawCycleApi = QuestionsFlowApi & {
  enterDraw: () => Promise<DrawEntryResponse>;
  timer: () => Promise<TimerResponse>;
  rewards: () => Promise<RewardListResponse>;
  grandPrizes: () => Promise<GrandPrizeListResponse>;
};

/** The coins sound and the gift card's buzz: silent where nothing is given (tests). */
const SILENT: Pick<RewardPlaybackEffects, 'playSound' | 'vibrate'> = {
  playSound: () => undefined,
  vibrate: () => undefined,
};

/**
 * The live channel: calls `onRefetch` for every broadcast that asks apps to fetch their timer
 * again, until the returned function closes it.
 */
export type CableListener = (onRefetch: () => void) => () => void;

/** The countdown ticks once a second (spec section 9). */
export const COUNTDOWN_TICK_MS = 1000;

/**
 * How long until the countdown ending at `endsAt` shows its next second: ticks fall on the
 * moments the shown second changes, so the last one shows 0:00 as the draw closes (a tick a
 * second after the countdown started could come up to a second late).
 */
export function msUntilNextTick(endsAt: number | null, now: number): number {
  if (endsAt === null || endsAt <= now) return COUNTDOWN_TICK_MS;
  return (endsAt - now) % COUNTDOWN_TICK_MS || COUNTDOWN_TICK_MS;
}

export type TickInput = {
  clock: Clock;
  /** When the countdown ends, as the machine holds it at the moment of asking. */
  endsAt: () => number | null;
};

/** What a timed call needs: the clock that times its round trip. */
export type TimedCallInput = { clock: Clock };

/**
 * Sends `countdown.tick` once a second on the machine's clock, when the shown second changes. A
 * tick only says "look at the clock again": the machine works out the remaining time from real
 * elapsed time, so a tab the browser throttled in the background is right again on its next tick.
 */
export const tickEverySecond = fromCallback<EventObject, TickInput>(({ sendBack, input }) => {
  const { clock } = input;
  let handle: unknown;
  const schedule = () => {
    const delay = msUntilNextTick(input.endsAt(), clock.now());
    handle = clock.setTimeout(() => {
      sendBack({ type: 'countdown.tick' });
      schedule();
    }, delay);
  };
  schedule();
  return () => clock.clearTimeout(handle);
});

/** Sends `window.focused` when the window gets focus back or becomes visible again. */
export const watchWindowFocus = fromCallback(({ sendBack }) => {
  if (typeof window === 'undefined') return undefined;
  const focused = () => sendBack({ type: 'window.focused' });
  const visible = () => {
    if (document.visibilityState === 'visible') focused();
  };
  window.addEventListener('focus', focused);
  document.addEventListener('visibilitychange', visible);
  return () => {
    window.removeEventListener('focus', focused);
    document.removeEventListener('visibilitychange', visible);
  };
});

/**
 * Milliseconds left when the answer arrives: the server measured them about halfway through the
 * round trip, so half of it has passed since.
 */
function lessHalfTheTrip(ms: number | undefined, sentAt: number, receivedAt: number) {
  return ms === undefined ? undefined : Math.max(0, Math.round(ms - (receivedAt - sentAt) / 2));
}

export function createDrawCycleActors(
  api: DrawCycleApi,
  listen: CableListener,
  effects: Pick<RewardPlaybackEffects, 'playSound' | 'vibrate'> = SILENT,
) {
  return {
    enterDraw: fromPromise<DrawEntry, TimedCallInput>(async ({ input: { clock } }) => {
      const sentAt = clock.now();
      const entry = (await api.enterDraw()).data;
      const ms = lessHalfTheTrip(entry.draw_time_left_ms, sentAt, clock.now());
      return ms === undefined ? entry : { ...entry, draw_time_left_ms: ms };
    }),
    fetchTimer: fromPromise<TimerResponse, TimedCallInput>(async ({ input: { clock } }) => {
      const sentAt = clock.now();
      const timer = await api.timer();
      const ms = lessHalfTheTrip(timer.time_left_ms, sentAt, clock.now());
      return ms === undefined ? timer : { ...timer, time_left_ms: ms };
    }),
    // After a press, or from Tell Us More: the rewards, What I Like, the questions.
    questionsFlow: connectQuestionsFlow(api, effects),
    checkHasFinished: fromPromise<boolean>(
      async () => (await api.hasFinishedQuestionnaire()).data.data,
    ),
    fetchGrandPrizes: fromPromise<GrandPrize[]>(async () => (await api.grandPrizes()).data),
    listenToCable: fromCallback(({ sendBack }) =>
      listen(() => sendBack({ type: 'cable.refetch' })),
    ),
    tickEverySecond,
    watchWindowFocus,
  };
}

export type DrawCycleActors = ReturnType<typeof createDrawCycleActors>;

const notConnected = (): Promise<never> =>
  Promise.reject(new Error('The draw cycle was started without an API.'));

/** Until the app provides the API every call fails and no live channel opens. */
export const disconnectedDrawCycleActors = createDrawCycleActors(
  {
    enterDraw: notConnected,
    timer: notConnected,
    rewards: notConnected,
    grandPrizes: notConnected,
    nextQuestion: notConnected,
    answerQuestion: notConnected,
    hasFinishedQuestionnaire: notConnected,
    skipQuestionnaire: notConnected,
    startTellUsMore: notConnected,
    payRewards: notConnected,
    wishlistCoupon: notConnected,
    click: notConnected,
    markRewardsPlayedBack: notConnected,
  },
  () => () => undefined,
);
