// What /rewards does besides drawing: the call that tells the server the rewards were shown, the
// coins sound and the vibration, as actors the machine invokes by id. The app builds them from
// the API client and `browserRewardEffects`; tests build them from fakes.
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { Reward } from '../../contract/api';

export type RewardPlaybackEffects = {
  /** POST rewards/played_back: GET rewards leaves these out from then on. */
  markPlayedBack: (ids: string[]) => Promise<unknown>;
  /**
   * GET rewards: the rewards not played back yet, to go on with after a reload or Back (the
   * ones shown before are marked, so the one that was playing comes first).
   */
  fetchUnplayed?: () => Promise<Reward[]>;
  playSound: () => Promise<void> | void;
  vibrate: (ms: number) => void;
};

export type MarkPlayedBackInput = { ids: string[] };
export type VibrateInput = { ms: number };

/** The coins sound (public/sounds). */
export const COINS_SOUND = '/sounds/coins.wav';

/**
 * A sound or a buzz is decoration: whether the browser refuses it, throws, or has no speaker,
 * the rewards must go on, and a callback actor that throws would stop the whole machine.
 */
function quietly(effect: () => Promise<void> | void): void {
  try {
    void Promise.resolve(effect()).catch(() => undefined);
  } catch {
    // Played without it.
  }
}

export function createRewardPlaybackActors(effects: RewardPlaybackEffects) {
  return {
    markPlayedBack: fromPromise<unknown, MarkPlayedBackInput>(({ input }) =>
      effects.markPlayedBack(input.ids),
    ),
    // One reward shown, told on the way: if the server misses it, the reward plays again on
    // the next visit, which is the lesser harm; the playback goes on either way.
    markShown: fromPromise<void, MarkPlayedBackInput>(async ({ input }) => {
      try {
        await effects.markPlayedBack(input.ids);
      } catch {
        // Told again with the others after the last reward.
      }
    }),
    fetchUnplayedRewards: fromPromise<Reward[]>(() =>
      effects.fetchUnplayed ? effects.fetchUnplayed() : Promise.resolve([]),
    ),
    playCoins: fromCallback(() => {
      quietly(effects.playSound);
    }),
    vibrate: fromCallback<EventObject, VibrateInput>(({ input }) => {
      quietly(() => effects.vibrate(input.ms));
    }),
  };
}

export type RewardPlaybackActors = ReturnType<typeof createRewardPlaybackActors>;

/** Until the app provides its effects the rewards play silently, and the calls fail. */
export const disconnectedRewardPlaybackActors = createRewardPlaybackActors({
  markPlayedBack: () => Promise.reject(new Error('The rewards were played without an API.')),
  fetchUnplayed: () => Promise.reject(new Error('The rewards were asked for without an API.')),
  playSound: () => undefined,
  vibrate: () => undefined,
});

/** The sound and the buzz in a browser (the app adds the API call). */
export const browserRewardEffects: Pick<RewardPlaybackEffects, 'playSound' | 'vibrate'> = {
  playSound: async () => {
    if (typeof Audio === 'undefined') return;
    // Browsers refuse sound until the player has touched the page (autoplay rules): a reward
    // shown on its own, after a reload, plays silently.
    await new Audio(COINS_SOUND).play().catch(() => undefined);
  },
  vibrate: (ms) => {
    // iOS Safari and desktops have no vibration.
    if (typeof navigator === 'undefined') return;
    // Nor does a page not touched yet (a reward shown on its own, after a reload or Back): the
    // browser would refuse the buzz and say so in the console.
    if (navigator.userActivation?.hasBeenActive === false) return;
    navigator.vibrate?.(ms);
  },
};
