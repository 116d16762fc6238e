// The questions flow's model, as its model test walks it (test/model/questions-flow.model.test.tsx):
// the flow with steps that never end by themselves, the ends each step can have (with the
// outputs the gestures lead to), a snapshot's key and each event as a path says it.
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { Reward } from '../../../contract/api';
import { questionsFlowMachine } from '../../../machines/questionnaire/questions-flow.machine';
import type { QuestionnaireOutput } from '../../../machines/questionnaire/questionnaire.types';
import type { WhatILikeOutput } from '../../../machines/questionnaire/what-i-like.machine';
import {
  type RewardPlaybackOutput,
  rewardKindOf,
} from '../../../machines/reward-playback/reward-playback.machine';
import type { YouveEnteredOutput } from '../../../machines/draw-cycle/youve-entered.machine';
import { COUPON_REWARD, GIFT_CARD_REWARD, TOKEN_REWARD } from './draw-fake-api';

export const T0 = Date.parse('2026-11-25T09:00:00.000Z');

// ---- the model ---------------------------------------------------------------------------------

export type FlowEvent =
  | { type: 'xstate.done.actor.youveEntered'; output: YouveEnteredOutput }
  | { type: 'xstate.done.actor.rewardPlayback'; output: RewardPlaybackOutput }
  | { type: 'xstate.done.actor.whatILike'; output: WhatILikeOutput }
  | { type: 'xstate.done.actor.questionnaire'; output: QuestionnaireOutput };
export type FlowSnapshot = SnapshotFrom<typeof questionsFlowMachine>;

// The steps never end by themselves in the model: the walk ends each of them.
export const waiting = fromPromise(() => new Promise<never>(() => undefined));
export const logic = questionsFlowMachine.provide({
  actors: {
    youveEntered: waiting as never,
    rewardPlayback: waiting as never,
    whatILike: waiting as never,
    questionnaire: waiting as never,
  },
});

/** What a first questionnaire (answered to its end) shows: the tickets its answers earned. */
export const FIRST_QUESTIONNAIRE_REWARDS: Reward[] = [TOKEN_REWARD];
/** What a first-time player's skip earns: the wishlist coupon. */
export const SKIP_REWARDS: Reward[] = [COUPON_REWARD];

export const isFirstTime = (snapshot: FlowSnapshot) => snapshot.context.flags.isFirstQuestionnaire;
/** What I Like opens on the promises: /disclosure opened before a first questionnaire. */
export const atDisclosure = (snapshot: FlowSnapshot) =>
  snapshot.context.start === 'disclosure' && isFirstTime(snapshot);

/** The ends each step can have here, with the outputs the gestures below lead to. */
export function stepEnds(snapshot: FlowSnapshot): FlowEvent[] {
  const firstTime = isFirstTime(snapshot);
  if (snapshot.matches('youveEntered')) {
    return [[TOKEN_REWARD], [GIFT_CARD_REWARD], []].map((rewards) => ({
      type: 'xstate.done.actor.youveEntered',
      output: { rewards },
    }));
  }
  if (snapshot.matches('rewards')) {
    const { rewards, rewardsFromYouveEntered } = snapshot.context;
    const hasReceivedGC = rewards.some((reward) => rewardKindOf(reward) === 'giftCard');
    return [
      {
        type: 'xstate.done.actor.rewardPlayback',
        output: { toWhatILike: rewardsFromYouveEntered && hasReceivedGC, hasReceivedGC },
      },
    ];
  }
  if (snapshot.matches('whatILike')) {
    const whatILike = (output: WhatILikeOutput): FlowEvent => ({
      type: 'xstate.done.actor.whatILike',
      output,
    });
    const starts = whatILike({ startsQuestions: true, finished: false, rewards: [] });
    // At /disclosure the promises lead on to the questions, with no Skip.
    if (atDisclosure(snapshot)) return [starts];
    return [
      starts,
      whatILike({ startsQuestions: false, finished: true, rewards: firstTime ? SKIP_REWARDS : [] }),
      // A first-time player's skip is recorded by the server, which may fail.
      ...(firstTime ? [whatILike({ startsQuestions: false, finished: false, rewards: [] })] : []),
    ];
  }
  if (snapshot.matches('questionnaire')) {
    return [
      {
        type: 'xstate.done.actor.questionnaire',
        // What the answers earned plays, after a first questionnaire and after later ones.
        output: { finished: true, rewards: FIRST_QUESTIONNAIRE_REWARDS },
      },
      { type: 'xstate.done.actor.questionnaire', output: { finished: false, rewards: [] } },
    ];
  }
  return [];
}

/** Where the flow is and what it shows or decides on: the rewards to play and where from. */
export const serialize = (snapshot: FlowSnapshot) =>
  JSON.stringify({
    value: snapshot.value,
    rewards: snapshot.context.rewards.map((reward) => reward.id),
    fromYouveEntered: snapshot.context.rewardsFromYouveEntered,
  });

export function describeEvent(event: FlowEvent): string {
  switch (event.type) {
    case 'xstate.done.actor.youveEntered':
      return `the rewards check finds ${event.output.rewards.map((r) => r.id).join(', ') || 'none'}`;
    case 'xstate.done.actor.rewardPlayback':
      return event.output.toWhatILike ? 'the rewards played (a gift card)' : 'the rewards played';
    case 'xstate.done.actor.whatILike':
      if (event.output.startsQuestions) return "'What I Like'";
      if (!event.output.finished) return "'Skip' fails";
      return event.output.rewards.length > 0 ? "'Skip' earns a coupon" : "'Skip'";
    case 'xstate.done.actor.questionnaire':
      return event.output.finished ? 'five questions answered' : 'no question left';
  }
}
