// The reward screens (/rewards, spec sections 2, 4 and 9): the rewards the player won play one
// after another, in the order the server gave them, each for its own time with the coins sound
// (a ticket 1.7 s, a coupon 3 s, a gift card 8 s and a 1 s vibration). A tap moves on to the
// next reward once the one on screen has shown for a second. Each reward shown is told to the
// server as the next one comes, so that a reload or Back goes on with the reward that was
// playing (the machine, started with none, asks the server for those not played back) and never
// plays the shown ones again; a coupon already claimed in WINNINGS never plays at all. The
// machine ends with where the player goes next: /what-i-like when they came from 'You're
// Entered To Win' and a gift card was among the rewards, else /home. The machine that invokes it
// moves on and clears its rewards.
import { assign, enqueueActions, setup } from 'xstate';
import type { Reward } from '../../contract/api';
import { BRANDED_GIFT_CARDS } from '../../contract/catalog';
import { REDIRECTED_FROM_YOUVE_ENTERED } from '../draw-cycle/draw-cycle.types';
import { reportToRoot } from '../shared/root';
import type { RouteMeta } from '../shared/routes';
import { disconnectedRewardPlaybackActors } from './reward-playback.actors';

// One list of the brands, the one the operator's catalog is checked against.
export { BRANDED_GIFT_CARDS };

export const REWARDS_PATH = '/rewards';

/** How long a gift card vibrates the phone (spec section 9). */
export const GIFT_CARD_VIBRATION = 1000;
/** A reward shows this long before a tap may move on from it. */
export const REWARD_FIRST_SECOND = 1000;

export type RewardKind = 'token' | 'coupon' | 'giftCard';

const BRANDED: ReadonlySet<string> = new Set(BRANDED_GIFT_CARDS);

/**
 * How a reward plays. A gift card is a coupon of one of the spec's branded types, or any reward
 * the server marks `gift_card`: the operator may load gift cards of other brands into the
 * catalog, and the player should see those as the gift cards they are (8 s, the vibration, and
 * /what-i-like next). Everything else the server sends as a coupon plays as one.
 */
export function rewardKindOf(reward: Reward): RewardKind {
  if (reward.type === 'token_reward') return 'token';
  const { coupon_type: brand, kind } = reward.attributes;
  const isBranded = typeof brand === 'string' && BRANDED.has(brand);
  return kind === 'gift_card' || isBranded ? 'giftCard' : 'coupon';
}

export type RewardPlaybackInput = {
  /** The rewards to play; none: those the server has not had played back (a reload, Back). */
  rewards: Reward[];
  /** The player arrived from 'You're Entered To Win' (its navigation state says so). */
  fromYouveEntered: boolean;
};

export type RewardPlaybackContext = RewardPlaybackInput & {
  /** Started with none: the rewards still to play come from the server. */
  resuming: boolean;
  /** The reward on screen; the last one stays there once all have played. */
  index: number;
  /** A gift card was among the rewards played. */
  hasReceivedGC: boolean;
};

export type RewardPlaybackOutput = {
  /** On to /what-i-like (else /home). */
  toWhatILike: boolean;
  hasReceivedGC: boolean;
};

export type RewardPlaybackEvent =
  /** The player tapped the reward on screen. */
  { type: 'rewards.next' };

/** A coupon claimed in WINNINGS (before it could play) is the player's already: no 'You won!'. */
const unclaimed = (rewards: Reward[]) =>
  rewards.filter((reward) => reward.attributes.claimed !== true);

const kindOnScreen = (context: RewardPlaybackContext): RewardKind | null => {
  const reward = context.rewards[context.index];
  return reward ? rewardKindOf(reward) : null;
};

/** Each reward's screen: its first second, then a tap moves on (the same for every kind). */
const tappableAfterItsFirstSecond = {
  initial: 'arriving',
  states: {
    arriving: {
      description: 'Its first second: a tap does nothing yet.',
      after: { firstSecond: 'shown' },
    },
    shown: {
      description: 'A tap moves on to the next reward.',
      on: { 'rewards.next': '#rewardPlayback.playing.advancing' },
    },
  },
} as const;

export const rewardPlaybackMachine = setup({
  types: {
    context: {} as RewardPlaybackContext,
    input: {} as RewardPlaybackInput,
    output: {} as RewardPlaybackOutput,
    events: {} as RewardPlaybackEvent,
  },
  actors: {
    ...disconnectedRewardPlaybackActors,
    // /rewards carries where the player came from (spec section 9): the reward screens read
    // it again on a reload.
    reportToRoot: reportToRoot({
      historyState: ({ context }: { context: RewardPlaybackContext }) =>
        context.fromYouveEntered ? { ...REDIRECTED_FROM_YOUVE_ENTERED } : undefined,
    }),
  },
  guards: {
    isResuming: ({ context }) => context.resuming,
    hasNoRewards: ({ context }) => context.rewards.length === 0,
    isTokenOnScreen: ({ context }) => kindOnScreen(context) === 'token',
    isGiftCardOnScreen: ({ context }) => kindOnScreen(context) === 'giftCard',
    hasNextReward: ({ context }) => context.index < context.rewards.length - 1,
  },
  actions: {
    showNextReward: assign({ index: ({ context }) => context.index + 1 }),
    storeUnplayed: assign((_, rewards: Reward[]) => ({ rewards: unclaimed(rewards), index: 0 })),
    // Shown: told at once (not awaited), so that a reload from here goes on with the next one.
    markShown: enqueueActions(({ context, enqueue }) => {
      const reward = context.rewards[context.index];
      if (reward) enqueue.spawnChild('markShown', { input: { ids: [reward.id] } });
    }),
    recordGiftCard: assign({ hasReceivedGC: true }),
  },
  delays: {
    /** Every reward shows for its first second, whatever the taps. */
    firstSecond: REWARD_FIRST_SECOND,
    /** A token reward (tickets for the wallet) stays 1.7 s (spec section 9). */
    tokenReward: 1700,
    /** A coupon stays 3 s. */
    couponReward: 3000,
    /** A gift card stays 8 s. */
    giftCardReward: 8000,
  },
}).createMachine({
  id: 'rewardPlayback',
  context: ({ input }) => ({
    rewards: unclaimed(input.rewards),
    fromYouveEntered: input.fromYouveEntered,
    resuming: input.rewards.length === 0,
    index: 0,
    hasReceivedGC: false,
  }),
  output: ({ context }) => ({
    toWhatILike: context.fromYouveEntered && context.hasReceivedGC,
    hasReceivedGC: context.hasReceivedGC,
  }),
  // The screen it shows, told to the root (machines/shared/root.ts).
  invoke: { src: 'reportToRoot', input: ({ self }) => ({ owner: self }) },
  initial: 'starting',
  states: {
    starting: {
      description: 'Rewards given: they play. None (a reload, Back): the server says which.',
      always: [{ guard: 'isResuming', target: 'loading' }, { target: 'playing' }],
    },
    loading: {
      description: 'The rewards not played back yet load; the one that was playing comes first.',
      // Seen once: the screen after it takes its place, so Back never plays nothing and moves on.
      meta: { route: REWARDS_PATH, tabs: 'questions', once: true } satisfies RouteMeta,
      invoke: {
        id: 'fetchUnplayedRewards',
        src: 'fetchUnplayedRewards',
        onDone: {
          target: 'playing',
          actions: { type: 'storeUnplayed', params: ({ event }) => event.output },
        },
        // Nothing to go on with: on to /home, and they play on the next visit.
        onError: 'played',
      },
    },
    playing: {
      description: '/rewards: the rewards one at a time, each for its time, with the coins sound.',
      // Seen once: the screen after it takes its place, so Back never plays nothing and moves on.
      meta: { route: REWARDS_PATH, tabs: 'questions', once: true } satisfies RouteMeta,
      initial: 'choosing',
      states: {
        choosing: {
          description:
            'The reward at hand decides how long it stays; with none won it all ends at once.',
          always: [
            { guard: 'hasNoRewards', target: '#rewardPlayback.played' },
            { guard: 'isTokenOnScreen', target: 'token' },
            { guard: 'isGiftCardOnScreen', target: 'giftCard' },
            { target: 'coupon' },
          ],
        },
        token: {
          description: 'Tickets added to the wallet, for 1.7 s.',
          invoke: { id: 'playCoins', src: 'playCoins' },
          ...tappableAfterItsFirstSecond,
          after: { tokenReward: 'advancing' },
        },
        coupon: {
          description: 'A coupon, for 3 s.',
          invoke: { id: 'playCoins', src: 'playCoins' },
          ...tappableAfterItsFirstSecond,
          after: { couponReward: 'advancing' },
        },
        giftCard: {
          description: 'A gift card, for 8 s; the phone vibrates for the first second.',
          entry: 'recordGiftCard',
          invoke: [
            { id: 'playCoins', src: 'playCoins' },
            { id: 'vibrate', src: 'vibrate', input: { ms: GIFT_CARD_VIBRATION } },
          ],
          ...tappableAfterItsFirstSecond,
          after: { giftCardReward: 'advancing' },
        },
        advancing: {
          description: 'The reward has had its time, or a tap: the next one, or the end.',
          always: [
            {
              guard: 'hasNextReward',
              target: 'choosing',
              actions: ['markShown', 'showNextReward'],
            },
            { target: '#rewardPlayback.markingPlayedBack' },
          ],
        },
      },
    },
    markingPlayedBack: {
      description: 'The server hears the last reward was shown; it stays on screen meanwhile.',
      // Seen once: the screen after it takes its place, so Back never plays nothing and moves on.
      meta: { route: REWARDS_PATH, tabs: 'questions', once: true } satisfies RouteMeta,
      invoke: {
        id: 'markPlayedBack',
        src: 'markPlayedBack',
        input: ({ context }) => ({ ids: context.rewards.map((reward) => reward.id) }),
        onDone: 'played',
        // The player has seen them: keeping them here would not help. They play again on the
        // next visit, which is the lesser harm.
        onError: 'played',
      },
    },
    played: {
      type: 'final',
      description: 'Played: the output says whether /what-i-like or /home comes next.',
    },
  },
});

export type RewardPlaybackMachine = typeof rewardPlaybackMachine;
