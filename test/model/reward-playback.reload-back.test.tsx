// Each reward of a playback on /rewards, in the signed-in app: the rewards the check after a
// press found (a ticket, a coupon, a gift card), those a first-time player's skip won (a gift
// card, then tickets), and those the server lists when /rewards is opened from elsewhere. Each
// reward, in its first second and after it, is reached on the shortest path of the playback's
// own model (helpers/reward-playback-model.ts) with its gestures (time on the app's clock, the
// player's taps, the server's answers), in the questions flow the app runs; there the app is
// reloaded and the player goes Back (see helpers/reload-and-back.tsx): after the reload the
// reward that was playing shows again, and none of those before it; Back lands where it stays;
// no reward is played back twice, nothing else done twice.
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Step } from 'xstate/graph';
import type { Reward } from '../../contract/api';
import { rewardKindOf } from '../../machines/reward-playback/reward-playback.machine';
import { goTo } from './helpers/app-harness';
import { COUPON_REWARD } from './helpers/draw-fake-api';
import { planModel } from './helpers/generated-walks';
import { press, STARTS, type FlowStart } from './helpers/questions-flow-harness';
import { expectCameFromYouveEntered } from './helpers/questions-flow-states';
import {
  answerCall,
  expectRewardOnScreen,
  passYouveEntered,
  tap,
} from './helpers/questions-gestures';
import {
  flowServer,
  openForReload,
  reloadRun,
  type ReloadApp,
} from './helpers/questions-reload-app';
import { playbackFollowed, stepOf } from './helpers/questions-reload-held';
import { describeReloadAndBack } from './helpers/reload-and-back';
import { arrive, executors } from './helpers/reward-playback-gestures';
import {
  planOf,
  WALKS,
  type PlaybackEvent,
  type PlaybackSnapshot,
} from './helpers/reward-playback-model';

type Walk = (typeof WALKS)[number];

const startOf = (label: string) => STARTS.find((start) => start.label === label)!;
const walkNamed = (name: string) => WALKS.find((walk) => walk.name.startsWith(name))!;

/** A playback as the app runs it: the flow's start that leads to it, and the way there. */
type AppWalk = {
  /** The model's walk as the app takes it: its rewards, reached this way. */
  name: string;
  walk: Walk;
  start: FlowStart;
  toRewards: (app: ReloadApp, rewards: Reward[]) => Promise<void>;
};

const APP_WALKS: AppWalk[] = [
  {
    name: 'the rewards check after a press finds a ticket, a coupon and a gift card',
    walk: walkNamed("after 'You're Entered To Win'"),
    start: startOf('a returning player presses the button'),
    toRewards: async (app, rewards) => {
      await press(app);
      await passYouveEntered(app, rewards);
    },
  },
  {
    name: "a first-time player's skip wins a gift card and two tickets (from What I Like)",
    walk: walkNamed('opened from elsewhere'),
    start: startOf('a first-time player presses the button'),
    toRewards: async (app, rewards) => {
      await press(app);
      await passYouveEntered(app, []);
      await tap('Skip');
      await answerCall(app, 'skipQuestionnaire', {});
      await answerCall(app, 'wishlistCoupon', { data: COUPON_REWARD });
      await answerCall(app, 'rewards', { data: rewards });
    },
    // The skip finished the questionnaire: What I Like's entry, before /rewards, shows /home.
  },
  {
    name: '/rewards opened from /home: the server lists a coupon and a ticket left to play',
    walk: walkNamed('opened again'),
    start: startOf('a returning player opens /rewards with nothing to play'),
    toRewards: () => goTo('/rewards'),
  },
];

const ids = (rewards: PlaybackSnapshot['context']['rewards']) => rewards.map(({ id }) => id);

/**
 * The reward on screen, and those to come after it. Reloaded, the playback goes on with it:
 * those before it were told to the server, which lists only the others.
 */
async function expectScreen(snapshot: PlaybackSnapshot, app: ReloadApp): Promise<void> {
  const { rewards, index, fromYouveEntered } = snapshot.context;
  await expectRewardOnScreen(rewards[index]!);
  expectCameFromYouveEntered(fromYouveEntered);
  const playing = () => stepOf(app, 'rewardPlayback').getSnapshot() as PlaybackSnapshot;
  await waitFor(() => {
    const { context } = playing();
    expect(ids(context.rewards.slice(context.index))).toEqual(ids(rewards.slice(index)));
  });
  const { context } = playing();
  if (context.rewards.length > 1)
    screen.getByText(`${context.index + 1} of ${context.rewards.length}`);
  // Walked to, the playback is in the model's state (its first second, or after it).
  if (!app.reloaded) await arrive(snapshot);
}

/** What the player tells apart: the reward on screen, its place, its first second or after. */
function describeReward({ context, value }: PlaybackSnapshot): string {
  const { rewards, index } = context;
  if (!rewards[index]) return JSON.stringify(value);
  const first = JSON.stringify(value).includes('arriving');
  return `${rewardKindOf(rewards[index])} ${index + 1} of ${rewards.length}, ${
    first ? 'in its first second' : 'after its first second'
  }`;
}

for (const { name, walk, start, toRewards } of APP_WALKS) {
  const { model } = planModel(planOf(walk.input));
  const events: Record<
    string,
    (step: Step<PlaybackSnapshot, PlaybackEvent>, app: ReloadApp) => Promise<void>
  > = {
    'xstate.init': async (step, app) => {
      await toRewards(app, walk.input.rewards);
      await arrive(step.state);
    },
    ...executors,
  };

  describeReloadAndBack(`the rewards, a reload and Back at every reward (${name})`, {
    model,
    isResting: (snapshot) => snapshot.matches('playing'),
    describe: describeReward,
    open: async () => {
      const followed = playbackFollowed(walk.input);
      const server = flowServer();
      const app = await openForReload(start, server, followed.inspect);
      return { ...app, release: followed.hold(app) };
    },
    events,
    expectScreen,
    ...reloadRun<ReloadApp>(),
  });
}
