// Generated paths through the reward screens (/rewards), walked through the real view: a
// simulated clock ends each reward's first second and its time, the player taps to the next
// reward, the server answers its calls, and every state is checked against what the player sees
// (and hears, and feels). At every state the player can rest in, the screen is opened again as a
// reload or Back opens it (the playback started with none, the server listing what it was not
// told was shown): the reward that was playing shows, never the ones before it.
import { act, render, screen, waitFor, within } from '@testing-library/react';
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
import { RewardsView } from '../../src/features/reward-playback/RewardsView';
import { CoverageRecorder } from './helpers/coverage';
import {
  CurrentApp,
  describeGeneratedWalks,
  describeWalkCoverage,
  planWalks,
  stopAndUnmount,
} from './helpers/generated-walks';
import { TOKEN_REWARD } from './helpers/draw-fake-api';
import { settle } from '../support/settle';

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
const LEFT_TO_PLAY = [COUPON, ONE_TICKET];

const TICKETS_END = 'xstate.after.tokenReward.rewardPlayback.playing.token';
const COUPON_ENDS = 'xstate.after.couponReward.rewardPlayback.playing.coupon';
const GIFT_CARD_ENDS = 'xstate.after.giftCardReward.rewardPlayback.playing.giftCard';
type TimeUp = typeof TICKETS_END | typeof COUPON_ENDS | typeof GIFT_CARD_ENDS;
const FIRST_SECOND_ENDS = [
  'xstate.after.firstSecond.rewardPlayback.playing.token.arriving',
  'xstate.after.firstSecond.rewardPlayback.playing.coupon.arriving',
  'xstate.after.firstSecond.rewardPlayback.playing.giftCard.arriving',
] as const;
type FirstSecondEnds = (typeof FIRST_SECOND_ENDS)[number];

/** How long each reward stays (spec section 9). */
const SHOWS_FOR: Record<TimeUp, number> = {
  [TICKETS_END]: 1700,
  [COUPON_ENDS]: 3000,
  [GIFT_CARD_ENDS]: 8000,
};
const DELAYS: Record<TimeUp | FirstSecondEnds, number> = {
  ...SHOWS_FOR,
  ...Object.fromEntries(FIRST_SECOND_ENDS.map((type) => [type, 1000])),
} as Record<TimeUp | FirstSecondEnds, number>;

type PlaybackEvent =
  | { type: TimeUp }
  | { type: FirstSecondEnds }
  | { type: 'rewards.next' }
  | { type: 'xstate.done.actor.fetchUnplayedRewards'; output: Reward[] }
  | { type: 'xstate.error.actor.fetchUnplayedRewards'; error: unknown }
  | { type: 'xstate.done.actor.markPlayedBack'; output: unknown }
  | { type: 'xstate.error.actor.markPlayedBack'; error: unknown };
type PlaybackSnapshot = SnapshotFrom<typeof rewardPlaybackMachine>;

const CANDIDATES: PlaybackEvent[] = [
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
const logic = rewardPlaybackMachine.provide({
  actors: createRewardPlaybackActors({
    markPlayedBack: () => new Promise(() => undefined),
    fetchUnplayed: () => new Promise(() => undefined),
    playSound: () => undefined,
    vibrate: () => undefined,
  }),
});

const serialize = (snapshot: PlaybackSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    rewards: snapshot.context.rewards.map((reward) => reward.id),
    index: snapshot.context.index,
    hasReceivedGC: snapshot.context.hasReceivedGC,
  });
const isTimeUp = (event: PlaybackEvent): event is { type: TimeUp } => event.type in SHOWS_FOR;
const isFirstSecond = (event: PlaybackEvent): event is { type: FirstSecondEnds } =>
  (FIRST_SECOND_ENDS as readonly string[]).includes(event.type);

const hasHadFirstSecond = (snapshot: PlaybackSnapshot) =>
  (['token', 'coupon', 'giftCard'] as const).some((kind) =>
    snapshot.matches({ playing: { [kind]: 'shown' } }),
  );

function describeEvent(event: PlaybackEvent): string {
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

const walks = planWalks(WALKS, (walk) => ({
  logic,
  // A reward's time is up only after its first second: the model takes its end from there.
  events: (snapshot: PlaybackSnapshot) =>
    CANDIDATES.filter((event) => !isTimeUp(event) || hasHadFirstSecond(snapshot)),
  serialize,
  describeEvent,
  input: () => walk.input,
  delays: DELAYS,
}));
const coverage = new CoverageRecorder();

// ---- the running playback, its effects and its view ------------------------------------------

type Played = {
  sounds: number;
  vibrations: number[];
  /** Every played-back call, as the server received it. */
  marked: string[][];
  answer: { resolve: (value: unknown) => void; reject: (error: unknown) => void } | null;
  listing: { resolve: (rewards: Reward[]) => void; reject: (error: unknown) => void } | null;
  /** When the reward on screen came (on the walk's clock), and which one it was. */
  shownSince: { at: number; index: number; rewards: Reward[] } | null;
};

function open(input: RewardPlaybackInput) {
  const clock = new SimulatedClock();
  const played: Played = {
    sounds: 0,
    vibrations: [],
    marked: [],
    answer: null,
    listing: null,
    shownSince: null,
  };
  const actors = createRewardPlaybackActors({
    markPlayedBack: (ids) =>
      new Promise((resolve, reject) => {
        played.marked.push(ids);
        played.answer = { resolve, reject };
      }),
    fetchUnplayed: () =>
      new Promise((resolve, reject) => {
        played.listing = { resolve, reject };
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
  actor.subscribe((snapshot) => {
    const { index, rewards } = snapshot.context;
    const since = played.shownSince;
    if (!snapshot.matches('playing')) return;
    if (since?.index === index && since.rewards === rewards) return;
    played.shownSince = { at: clock.now(), index, rewards };
  });
  actor.start();
  const view = render(<RewardsView actor={actor} />);
  return { actor, clock, played, view, input };
}

/**
 * The screen opened again, as a reload or Back opens it: the playback starts with no rewards and
 * the server lists those it was not told were shown. Returns the reward it shows first (null:
 * none, the player goes on), and closes it.
 */
async function reopen(input: RewardPlaybackInput, rewards: Reward[]): Promise<string | null> {
  const told = new Set(app().played.marked.flat());
  const left = rewards.filter((reward) => !told.has(reward.id));
  const reopened = createActor(
    logic.provide({
      actors: createRewardPlaybackActors({
        markPlayedBack: () => new Promise(() => undefined),
        fetchUnplayed: () => Promise.resolve(left),
        playSound: () => undefined,
        vibrate: () => undefined,
      }),
    }),
    { clock: new SimulatedClock(), input: { ...input, rewards: [] } },
  );
  reopened.start();
  const container = document.createElement('div');
  document.body.append(container);
  const view = render(<RewardsView actor={reopened} />, { container });
  try {
    await act(settle);
    const reward = reopened.getSnapshot().context.rewards[reopened.getSnapshot().context.index];
    if (!reward || reopened.getSnapshot().status === 'done') {
      expect(within(container).queryByRole('heading')).toBeNull();
      return null;
    }
    within(container).getByRole('heading', { level: 1, name: 'You won!' });
    return reward.id;
  } finally {
    reopened.stop();
    view.unmount();
    container.remove();
  }
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

/** The rewards the walk plays (those the server listed, for a screen opened again). */
const allRewards = (snapshot: PlaybackSnapshot, input: RewardPlaybackInput) =>
  input.rewards.length > 0 ? input.rewards : LEFT_TO_PLAY;

const whilePlaying = async (snapshot: PlaybackSnapshot) => {
  const reward = expectReward(snapshot);
  expectEffects(snapshot);
  // The server has heard of the rewards before this one, not of this one.
  const { rewards, index } = snapshot.context;
  expect(app().played.marked).toEqual(rewards.slice(0, index).map(({ id }) => [id]));
  // Its first second, the tap does nothing; then 'Tap to continue'.
  const next = screen.getByRole('button', {
    name: index + 1 < rewards.length ? 'Next reward' : 'Continue',
  });
  expect((next as HTMLButtonElement).disabled).toBe(!hasHadFirstSecond(snapshot));
  // A reload or Back here: the same reward plays, none of those before it.
  const input = app().input;
  expect(await reopen(input, allRewards(snapshot, input))).toBe(reward.id);
};

const states: Record<string, (snapshot: PlaybackSnapshot) => Promise<void> | void> = {
  // Opened again with no rewards: nothing shows until the server lists what is left.
  loading: async () => {
    expect(app().actor.getSnapshot().matches('loading')).toBe(true);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(app().played.sounds).toBe(0);
    expect(await reopen(app().input, LEFT_TO_PLAY)).toBe(LEFT_TO_PLAY[0]!.id);
  },
  'playing.token': whilePlaying,
  'playing.coupon': whilePlaying,
  'playing.giftCard': whilePlaying,
  // The last reward stays on screen, silent, while the server is told.
  markingPlayedBack: async (snapshot) => {
    const last = expectReward(snapshot);
    expect(last).toBe(snapshot.context.rewards.at(-1));
    expectEffects(snapshot);
    expect(app().played.marked.at(-1)).toEqual(snapshot.context.rewards.map((reward) => reward.id));
    // All told: a reload or Back plays none of them again.
    const input = app().input;
    expect(await reopen(input, allRewards(snapshot, input))).toBeNull();
  },
  // The flow that opened /rewards moves on: /what-i-like after a gift card, when the player
  // came from 'You're Entered To Win', else /home.
  played: async ({ context }) => {
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
      expect(played.marked.at(-1)).toEqual(context.rewards.map((reward) => reward.id));
      const input = app().input;
      expect(await reopen(input, allRewards(actor.getSnapshot(), input))).toBeNull();
    }
  },
};

// ---- the walk ----------------------------------------------------------------------------------

async function arrive(expected: PlaybackSnapshot): Promise<void> {
  await waitFor(() => expect(serialize(app().actor.getSnapshot())).toBe(serialize(expected)));
}

type PlaybackStep = Step<PlaybackSnapshot, PlaybackEvent>;

/** Milliseconds the reward on screen has been on screen, on the walk's clock. */
function onScreenFor(): number {
  const { clock, played } = app();
  return clock.now() - (played.shownSince?.at ?? clock.now());
}

/** The reward's time (or its first second) passes: not a millisecond early, and on time. */
async function timePasses(step: PlaybackStep): Promise<void> {
  const { actor, clock, played } = app();
  const ms = DELAYS[step.event.type as TimeUp | FirstSecondEnds] - onScreenFor();
  const before = serialize(actor.getSnapshot());
  const sounds = played.sounds;
  act(() => clock.increment(ms - 1));
  expect(serialize(actor.getSnapshot())).toBe(before);
  expect(played.sounds).toBe(sounds);
  act(() => clock.increment(1));
  await arrive(step.state);
}

/** The player taps the screen: the next reward comes at once. */
async function tap(step: PlaybackStep): Promise<void> {
  const next = screen.getByRole('button', { name: /^(Next reward|Continue)$/ });
  act(() => next.click());
  await arrive(step.state);
}

async function answer(
  step: PlaybackStep,
  settleCall: (answer: NonNullable<Played['answer']>) => void,
) {
  const { played } = app();
  await waitFor(() => expect(played.answer).not.toBeNull());
  await act(async () => {
    settleCall(played.answer!);
    await settle();
  });
  await arrive(step.state);
}

async function list(
  step: PlaybackStep,
  settleCall: (listing: NonNullable<Played['listing']>) => void,
) {
  const { played } = app();
  await waitFor(() => expect(played.listing).not.toBeNull());
  await act(async () => {
    settleCall(played.listing!);
    await settle();
  });
  await arrive(step.state);
}

const executors = {
  [TICKETS_END]: timePasses,
  [COUPON_ENDS]: timePasses,
  [GIFT_CARD_ENDS]: timePasses,
  ...(Object.fromEntries(FIRST_SECOND_ENDS.map((type) => [type, timePasses])) as Record<
    FirstSecondEnds,
    typeof timePasses
  >),
  'rewards.next': tap,
  'xstate.done.actor.fetchUnplayedRewards': (step) =>
    list(step, ({ resolve }) => resolve(LEFT_TO_PLAY)),
  'xstate.error.actor.fetchUnplayedRewards': (step) =>
    list(step, ({ reject }) => reject(new Error('offline'))),
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
  chart: { states: { moreThan: 14 }, transitions: { moreThan: 20 } },
});
