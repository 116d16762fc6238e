// The reward playback's model, as its model test walks it (test/model/reward-playback.model.test.tsx):
// the rewards each walk plays, the timings, the events a walk takes (the clock's, the player's,
// the server's), the machine with silent effects, a snapshot's key and each event as a path says it.
import type { SnapshotFrom } from 'xstate';
import type { Reward } from '../../../contract/api';
import { createRewardPlaybackActors } from '../../../machines/reward-playback/reward-playback.actors';
import {
  rewardPlaybackMachine,
  type RewardPlaybackInput,
} from '../../../machines/reward-playback/reward-playback.machine';
import { TOKEN_REWARD } from './draw-fake-api';

export const ONE_TICKET: Reward = {
  id: 'r-ticket',
  type: 'token_reward',
  attributes: { value: 1 },
};
export const COUPON: Reward = {
  id: 'r-coupon',
  type: 'coupon_reward',
  attributes: {
    value: 5,
    coupon_type: 'Game Day Pizza',
    image_link: '/images/rewards/coupon-pizza.svg',
    kind: 'coupon',
  },
};
export const GIFT_CARD: Reward = {
  id: 'r-gift-card',
  type: 'coupon_reward',
  attributes: {
    value: 25,
    coupon_type: 'Bass Pro Shops',
    image_link: '/images/rewards/gift-card-outdoors.svg',
    kind: 'gift_card',
  },
};

/** The rewards each walk plays: every kind of reward, and none at all. */
export const WALKS: Array<{ name: string; input: RewardPlaybackInput }> = [
  {
    name: "after 'You're Entered To Win', a ticket, a coupon and a gift card",
    input: { rewards: [ONE_TICKET, COUPON, GIFT_CARD], fromYouveEntered: true },
  },
  {
    name: 'opened from elsewhere, a gift card and two tickets',
    input: { rewards: [GIFT_CARD, TOKEN_REWARD], fromYouveEntered: false },
  },
  {
    name: 'only a coupon claimed in WINNINGS already',
    input: {
      rewards: [{ ...COUPON, attributes: { ...COUPON.attributes, claimed: true } }],
      fromYouveEntered: true,
    },
  },
  {
    name: 'opened again after a reload or Back (the server lists what is left)',
    input: { rewards: [], fromYouveEntered: false },
  },
];

/** What the server lists as not played back when the screen is opened with no rewards. */
export const LEFT_TO_PLAY = [COUPON, ONE_TICKET];

export const TICKETS_END = 'xstate.after.tokenReward.rewardPlayback.playing.token';
export const COUPON_ENDS = 'xstate.after.couponReward.rewardPlayback.playing.coupon';
export const GIFT_CARD_ENDS = 'xstate.after.giftCardReward.rewardPlayback.playing.giftCard';
export type TimeUp = typeof TICKETS_END | typeof COUPON_ENDS | typeof GIFT_CARD_ENDS;
export const FIRST_SECOND_ENDS = [
  'xstate.after.firstSecond.rewardPlayback.playing.token.arriving',
  'xstate.after.firstSecond.rewardPlayback.playing.coupon.arriving',
  'xstate.after.firstSecond.rewardPlayback.playing.giftCard.arriving',
] as const;
export type FirstSecondEnds = (typeof FIRST_SECOND_ENDS)[number];

/** How long each reward stays (spec section 9). */
export const SHOWS_FOR: Record<TimeUp, number> = {
  [TICKETS_END]: 1700,
  [COUPON_ENDS]: 3000,
  [GIFT_CARD_ENDS]: 8000,
};
export const DELAYS: Record<TimeUp | FirstSecondEnds, number> = {
  ...SHOWS_FOR,
  ...Object.fromEntries(FIRST_SECOND_ENDS.map((type) => [type, 1000])),
} as Record<TimeUp | FirstSecondEnds, number>;

export type PlaybackEvent =
  | { type: TimeUp }
  | { type: FirstSecondEnds }
  | { type: 'rewards.next' }
  | { type: 'xstate.done.actor.fetchUnplayedRewards'; output: Reward[] }
  | { type: 'xstate.error.actor.fetchUnplayedRewards'; error: unknown }
  | { type: 'xstate.done.actor.markPlayedBack'; output: unknown }
  | { type: 'xstate.error.actor.markPlayedBack'; error: unknown };
export type PlaybackSnapshot = SnapshotFrom<typeof rewardPlaybackMachine>;

export const CANDIDATES: PlaybackEvent[] = [
  { type: TICKETS_END },
  { type: COUPON_ENDS },
  { type: GIFT_CARD_ENDS },
  ...FIRST_SECOND_ENDS.map((type) => ({ type })),
  { type: 'rewards.next' },
  { type: 'xstate.done.actor.fetchUnplayedRewards', output: LEFT_TO_PLAY },
  { type: 'xstate.error.actor.fetchUnplayedRewards', error: new Error('offline') },
  { type: 'xstate.done.actor.markPlayedBack', output: undefined },
  { type: 'xstate.error.actor.markPlayedBack', error: new Error('offline') },
];

// The walk's own effects are given to each run; the model's stay silent and never answer.
export const logic = rewardPlaybackMachine.provide({
  actors: createRewardPlaybackActors({
    markPlayedBack: () => new Promise(() => undefined),
    fetchUnplayed: () => new Promise(() => undefined),
    playSound: () => undefined,
    vibrate: () => undefined,
  }),
});

export const serialize = (snapshot: PlaybackSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    rewards: snapshot.context.rewards.map((reward) => reward.id),
    index: snapshot.context.index,
    hasReceivedGC: snapshot.context.hasReceivedGC,
  });
export const isTimeUp = (event: PlaybackEvent): event is { type: TimeUp } =>
  event.type in SHOWS_FOR;
export const isFirstSecond = (event: PlaybackEvent): event is { type: FirstSecondEnds } =>
  (FIRST_SECOND_ENDS as readonly string[]).includes(event.type);

export const hasHadFirstSecond = (snapshot: PlaybackSnapshot) =>
  (['token', 'coupon', 'giftCard'] as const).some((kind) =>
    snapshot.matches({ playing: { [kind]: 'shown' } }),
  );

export function describeEvent(event: PlaybackEvent): string {
  if (isTimeUp(event)) return `its ${SHOWS_FOR[event.type] / 1000} s are up`;
  if (isFirstSecond(event)) return 'its first second passes';
  switch (event.type) {
    case 'rewards.next':
      return 'the player taps';
    case 'xstate.done.actor.fetchUnplayedRewards':
      return 'the server lists what is left';
    case 'xstate.error.actor.fetchUnplayedRewards':
      return 'the server cannot say';
    case 'xstate.done.actor.markPlayedBack':
      return 'the server hears they were shown';
    default:
      return 'the server cannot be told';
  }
}

/** The model of the playback of `input`, as planModel (generated-walks.ts) takes it. */
export const planOf = (input: RewardPlaybackInput) => ({
  logic,
  // A reward's time is up only after its first second: the model takes its end from there.
  events: (snapshot: PlaybackSnapshot) =>
    CANDIDATES.filter((event) => !isTimeUp(event) || hasHadFirstSecond(snapshot)),
  serialize,
  describeEvent,
  input: () => input,
  delays: DELAYS,
});
