// What /rewards does besides drawing: the call that tells the server the rewards were shown, the
// coins sound and the vibration, as actors the machine invokes by id. The app builds them from
// the API client and `browserRewardEffects`; tests build them from fakes.
import { fromCallback, fromPromise, type EventObject } from 'xstate';

export type RewardPlaybackEffects = {
  /** POST rewards/played_back: GET rewards leaves these out from then on. */
  markPlayedBack: (ids: string[]) => Promise<unknown>;
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
    playCoins: fromCallback(() => {
      quietly(effects.playSound);
    }),
    vibrate: fromCallback<EventObject, VibrateInput>(({ input }) => {
      quietly(() => effects.vibrate(input.ms));
    }),
  };
}

export type RewardPlaybackActors = ReturnType<typeof createRewardPlaybackActors>;

/** Until the app provides its effects the rewards play silently, and the call fails. */
export const disconnectedRewardPlaybackActors = createRewardPlaybackActors({
  markPlayedBack: () => Promise.reject(new Error('The rewards were played without an API.')),
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
    navigator.vibrate?.(ms);
  },
};
