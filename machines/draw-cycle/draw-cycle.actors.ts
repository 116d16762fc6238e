// The calls, the clock and the live channel of the draw cycle, as actors the machine invokes by
// id. The app builds them from the real API client and the ActionCable client; tests give fakes.
import { fromCallback, fromPromise } from 'xstate';
import type {
  DrawEntry,
  DrawEntryResponse,
  GrandPrize,
  GrandPrizeListResponse,
  Reward,
  RewardListResponse,
  TimerResponse,
} from '../../contract/api';

/** The part of the API client the draw cycle calls (src/lib/api.ts has these shapes). */
export type DrawCycleApi = {
  enterDraw: () => Promise<DrawEntryResponse>;
  timer: () => Promise<TimerResponse>;
  rewards: () => Promise<RewardListResponse>;
  grandPrizes: () => Promise<GrandPrizeListResponse>;
};

/**
 * The live channel: calls `onRefetch` for every broadcast that asks apps to fetch their timer
 * again, until the returned function closes it.
 */
export type CableListener = (onRefetch: () => void) => () => void;

/**
 * The countdown looks at the clock four times a second: it recomputes the time left every
 * second (spec section 9) and shows each new second, and 0:00, within 250 ms of its moment
 * however the ticks fall against the draw's closing time.
 */
export const COUNTDOWN_TICK_MS = 250;

/**
 * Now, as the actor system's clock says: the browser's time in the app, a `SimulatedClock`'s
 * time in tests (it has `now()`), so timed behaviour is tested without waiting.
 */
export function clockNow(system: { _clock: unknown } | undefined): number {
  const clock = system?._clock as { now?: () => number } | undefined;
  return clock && typeof clock.now === 'function' ? clock.now() : Date.now();
}

/**
 * Sends `countdown.tick` every COUNTDOWN_TICK_MS on the system's clock. A tick only says "look at the
 * clock again": the machine works out the remaining time from real elapsed time, so a tab the
 * browser throttled in the background is right again on its next tick.
 */
export const tickCountdown = fromCallback(({ sendBack, system }) => {
  const clock = system._clock;
  let handle: unknown;
  const schedule = () => {
    handle = clock.setTimeout(() => {
      sendBack({ type: 'countdown.tick' });
      schedule();
    }, COUNTDOWN_TICK_MS);
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

export function createDrawCycleActors(api: DrawCycleApi, listen: CableListener) {
  return {
    enterDraw: fromPromise<DrawEntry>(async () => (await api.enterDraw()).data),
    fetchTimer: fromPromise<TimerResponse>(() => api.timer()),
    fetchRewards: fromPromise<Reward[]>(async () => (await api.rewards()).data),
    fetchGrandPrizes: fromPromise<GrandPrize[]>(async () => (await api.grandPrizes()).data),
    listenToCable: fromCallback(({ sendBack }) =>
      listen(() => sendBack({ type: 'cable.refetch' })),
    ),
    tickCountdown,
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
  },
  () => () => undefined,
);
