// Generated paths through the reward screens (/rewards), walked through the real view: a
// simulated clock ends each reward's time and the server answers the played-back call, and
// every state is checked against what the player sees (and hears, and feels).
import { act, render, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { createActor, SimulatedClock, type SnapshotFrom } from 'xstate';
import type { Step } from 'xstate/graph';
import type { Reward } from '../../contract/api';
import { createRewardPlaybackActors } from '../../machines/reward-playback/reward-playback.actors';
import {
  rewardKindOf,
  rewardPlaybackMachine,
  type RewardPlaybackInput,
} from '../../machines/reward-playback/reward-playback.machine';
import { RewardsView } from '../../src/features/rewards/RewardsView';
import { CoverageRecorder } from './helpers/coverage';
import {
  CurrentApp,
  describeGeneratedWalks,
  describeWalkCoverage,
  planWalks,
  stopAndUnmount,
} from './helpers/generated-walks';
import { TOKEN_REWARD } from './helpers/draw-fake-api';

const ONE_TICKET: Reward = { id: 'r-ticket', type: 'token_reward', attributes: { value: 1 } };
const COUPON: Reward = {
  id: 'r-coupon',
  type: 'coupon_reward',
  attributes: {
    value: 5,
    coupon_type: 'Game Day Pizza',
    image_link: '/images/rewards/coupon-pizza.svg',
    kind: 'coupon',
  },
};
const GIFT_CARD: Reward = {
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
const WALKS: Array<{ name: string; input: RewardPlaybackInput }> = [
  {
    name: "after 'You're Entered To Win', a ticket, a coupon and a gift card",
    input: { rewards: [ONE_TICKET, COUPON, GIFT_CARD], fromYouveEntered: true },
  },
  {
    name: 'opened from elsewhere, a gift card and two tickets',
    input: { rewards: [GIFT_CARD, TOKEN_REWARD], fromYouveEntered: false },
  },
  { name: 'nothing won', input: { rewards: [], fromYouveEntered: true } },
];

const TICKETS_END = 'xstate.after.tokenReward.rewardPlayback.playing.token';
const COUPON_ENDS = 'xstate.after.couponReward.rewardPlayback.playing.coupon';
const GIFT_CARD_ENDS = 'xstate.after.giftCardReward.rewardPlayback.playing.giftCard';
type TimeUp = typeof TICKETS_END | typeof COUPON_ENDS | typeof GIFT_CARD_ENDS;

/** How long each reward stays (spec section 9). */
const SHOWS_FOR: Record<TimeUp, number> = {
  [TICKETS_END]: 1700,
  [COUPON_ENDS]: 3000,
  [GIFT_CARD_ENDS]: 8000,
};

type PlaybackEvent =
  | { type: TimeUp }
  | { type: 'xstate.done.actor.markPlayedBack'; output: unknown }
  | { type: 'xstate.error.actor.markPlayedBack'; error: unknown };
type PlaybackSnapshot = SnapshotFrom<typeof rewardPlaybackMachine>;

const CANDIDATES: PlaybackEvent[] = [
  { type: TICKETS_END },
  { type: COUPON_ENDS },
  { type: GIFT_CARD_ENDS },
  { type: 'xstate.done.actor.markPlayedBack', output: undefined },
  { type: 'xstate.error.actor.markPlayedBack', error: new Error('offline') },
];

// The walk's own effects are given to each run; the model's stay silent and never answer.
const logic = rewardPlaybackMachine.provide({
  actors: createRewardPlaybackActors({
    markPlayedBack: () => new Promise(() => undefined),
    playSound: () => undefined,
    vibrate: () => undefined,
  }),
});

const serialize = (snapshot: PlaybackSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    index: snapshot.context.index,
    hasReceivedGC: snapshot.context.hasReceivedGC,
  });
const isTimeUp = (event: PlaybackEvent): event is { type: TimeUp } => event.type in SHOWS_FOR;

const walks = planWalks(WALKS, (walk) => ({
  logic,
  events: () => CANDIDATES,
  serialize,
  describeEvent: (event: PlaybackEvent) =>
    isTimeUp(event)
      ? `${SHOWS_FOR[event.type] / 1000} s pass`
      : event.type.startsWith('xstate.done')
        ? 'the server hears they were shown'
        : 'the server cannot be told',
  input: () => walk.input,
  delays: SHOWS_FOR,
}));
const coverage = new CoverageRecorder();

// ---- the running playback, its effects and its view ------------------------------------------

type Played = {
  sounds: number;
  vibrations: number[];
  marked: string[][];
  answer: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | null;
};

function open(input: RewardPlaybackInput) {
  const clock = new SimulatedClock();
  const played: Played = { sounds: 0, vibrations: [], marked: [], answer: null };
  const actors = createRewardPlaybackActors({
    markPlayedBack: (ids) =>
      new Promise((resolve, reject) => {
        played.marked.push(ids);
        played.answer = { resolve, reject };
      }),
    playSound: () => {
      played.sounds += 1;
    },
    vibrate: (ms) => {
      played.vibrations.push(ms);
    },
  });
  const actor = createActor(logic.provide({ actors }), {
    clock,
    input,
    inspect: coverage.inspect,
  });
  actor.start();
  const view = render(<RewardsView actor={actor} />);
  return { actor, clock, played, view };
}

const current = new CurrentApp<ReturnType<typeof open>>('No playback is running.');
const app = current.get;

// ---- what the player sees ---------------------------------------------------------------------

const text = (content: string) => screen.getByText(content);
const image = (name: string) => screen.getByRole('img', { name });
/** A line read whole, its smaller words included ('$5' and 'off' are styled apart). */
const line = (content: string) =>
  screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === content);

/** The reward on screen, its place in the sequence, and the sound it came with. */
function expectReward(snapshot: PlaybackSnapshot): Reward {
  const { rewards, index } = snapshot.context;
  const reward = rewards[index]!;
  expect(window.location.pathname).toBe('/');
  screen.getByRole('heading', { level: 1, name: 'You won!' });
  expect(screen.getByRole('main').querySelector('[aria-live="polite"]')).not.toBeNull();
  if (rewards.length > 1) text(`${index + 1} of ${rewards.length}`);
  else expect(screen.queryByText(/ of /)).toBeNull();

  const { value, coupon_type: brand, image_link: art } = reward.attributes;
  switch (rewardKindOf(reward)) {
    case 'token':
      expect(image('Wallet ticket').getAttribute('src')).toBe('/images/rewards/token.svg');
      line(`+${value} ${value === 1 ? 'ticket' : 'tickets'}`);
      text('added to your wallet');
      break;
    case 'coupon':
      expect(image(brand!).getAttribute('src')).toBe(art);
      text(brand!);
      line(`$${value} off`);
      expect(screen.queryByText(/gift card/)).toBeNull();
      break;
    case 'giftCard':
      expect(image(brand!).getAttribute('src')).toBe(art);
      text(brand!);
      line(`$${value} gift card`);
      break;
  }
  return reward;
}

/** One coins sound per reward shown; a vibration with each gift card so far, and none else. */
function expectEffects(snapshot: PlaybackSnapshot): void {
  const { rewards, index } = snapshot.context;
  const shown = rewards.slice(0, index + 1);
  expect(app().played.sounds).toBe(shown.length);
  const giftCards = shown.filter((reward) => rewardKindOf(reward) === 'giftCard').length;
  expect(app().played.vibrations).toEqual(Array.from({ length: giftCards }, () => 1000));
}

const whilePlaying = (snapshot: PlaybackSnapshot) => {
  expectReward(snapshot);
  expectEffects(snapshot);
  // The server hears of them only once all have played.
  expect(app().played.marked).toEqual([]);
};

const states: Record<string, (snapshot: PlaybackSnapshot) => void> = {
  'playing.token': whilePlaying,
  'playing.coupon': whilePlaying,
  'playing.giftCard': whilePlaying,
  // The last reward stays on screen, silent, while the server is told.
  markingPlayedBack: (snapshot) => {
    const last = expectReward(snapshot);
    expect(last).toBe(snapshot.context.rewards.at(-1));
    expectEffects(snapshot);
    expect(app().played.marked).toEqual([snapshot.context.rewards.map((reward) => reward.id)]);
  },
  // The flow that opened /rewards moves on: /what-i-like after a gift card, when the player
  // came from 'You're Entered To Win', else /home.
  played: ({ context }) => {
    const { actor, played } = app();
    const hasReceivedGC = context.rewards.some((reward) => rewardKindOf(reward) === 'giftCard');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({
      toWhatILike: context.fromYouveEntered && hasReceivedGC,
      hasReceivedGC,
    });
    if (context.rewards.length === 0) {
      expect(screen.queryByRole('heading')).toBeNull();
      expect(screen.queryByRole('img')).toBeNull();
      expect(played.sounds).toBe(0);
      expect(played.marked).toEqual([]);
    } else {
      expect(played.marked).toHaveLength(1);
    }
  },
};

// ---- the walk ----------------------------------------------------------------------------------

async function arrive(expected: PlaybackSnapshot): Promise<void> {
  await waitFor(() => expect(serialize(app().actor.getSnapshot())).toBe(serialize(expected)));
}

type PlaybackStep = Step<PlaybackSnapshot, PlaybackEvent>;

/** The reward's time passes: not a millisecond early, and on time. */
async function timeUp(step: PlaybackStep): Promise<void> {
  const { actor, clock, played } = app();
  const ms = SHOWS_FOR[step.event.type as TimeUp];
  const before = serialize(actor.getSnapshot());
  const sounds = played.sounds;
  act(() => clock.increment(ms - 1));
  expect(serialize(actor.getSnapshot())).toBe(before);
  expect(played.sounds).toBe(sounds);
  act(() => clock.increment(1));
  await arrive(step.state);
}

async function answer(step: PlaybackStep, settle: (answer: NonNullable<Played['answer']>) => void) {
  const { played } = app();
  await waitFor(() => expect(played.answer).not.toBeNull());
  await act(async () => {
    settle(played.answer!);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  await arrive(step.state);
}

const executors = {
  [TICKETS_END]: timeUp,
  [COUPON_ENDS]: timeUp,
  [GIFT_CARD_ENDS]: timeUp,
  'xstate.done.actor.markPlayedBack': (step) => answer(step, ({ resolve }) => resolve(undefined)),
  'xstate.error.actor.markPlayedBack': (step) =>
    answer(step, ({ reject }) => reject(new Error('offline'))),
} satisfies Record<PlaybackEvent['type'], (step: PlaybackStep) => Promise<void>>;

describeGeneratedWalks('the reward screens, generated paths through the view', {
  walks,
  start: (walk) => current.hold(open(walk.input), stopAndUnmount),
  arrive,
  events: executors,
  states,
});

describeWalkCoverage('the reward screens, coverage of the walk', {
  logic,
  states,
  coverage,
  chart: { states: { moreThan: 8 }, transitions: { moreThan: 10 } },
});
