// The questions flow with its steps connected: the calls of the rewards check, What I Like, the
// questionnaire and the reward playback, and the sound and vibration of the rewards. The app
// connects it to the API client and the browser; tests, to fakes.
import { fromPromise } from 'xstate';
import type { Reward } from '../../contract/api';
import { youveEnteredMachine } from '../draw-cycle/youve-entered.machine';
import {
  createRewardPlaybackActors,
  type RewardPlaybackEffects,
} from '../reward-playback/reward-playback.actors';
import { rewardPlaybackMachine } from '../reward-playback/reward-playback.machine';
import { createQuestionnaireActors, type QuestionnaireApi } from './questionnaire.actors';
import { questionnaireMachine } from './questionnaire.machine';
import { questionsFlowMachine } from './questions-flow.machine';
import { whatILikeMachine } from './what-i-like.machine';

/** What the flow calls: the questionnaire's calls and the one that marks rewards shown. */
export type QuestionsFlowApi = QuestionnaireApi & {
  markRewardsPlayedBack: RewardPlaybackEffects['markPlayedBack'];
};

export function connectQuestionsFlow(
  api: QuestionsFlowApi,
  effects: Pick<RewardPlaybackEffects, 'playSound' | 'vibrate'>,
) {
  const calls = createQuestionnaireActors(api);
  return questionsFlowMachine.provide({
    actors: {
      youveEntered: youveEnteredMachine.provide({
        actors: { fetchRewards: fromPromise<Reward[]>(async () => (await api.rewards()).data) },
      }),
      whatILike: whatILikeMachine.provide({
        actors: { skipQuestionnaire: calls.skipQuestionnaire, logClick: calls.logClick },
      }),
      questionnaire: questionnaireMachine.provide({ actors: calls }),
      rewardPlayback: rewardPlaybackMachine.provide({
        actors: createRewardPlaybackActors({
          markPlayedBack: api.markRewardsPlayedBack,
          fetchUnplayed: async () => (await api.rewards()).data,
          ...effects,
        }),
      }),
    },
  });
}
