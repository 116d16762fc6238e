// Narrow reads of the reward playback for /rewards: each returns a value or a reference from
// the context, so the view redraws only when the reward on screen changes.
import type { SnapshotFrom } from 'xstate';
import type { Reward } from '../../contract/api';
import {
  rewardKindOf,
  type RewardKind,
  type RewardPlaybackMachine,
} from './reward-playback.machine';

type RewardPlaybackSnapshot = SnapshotFrom<RewardPlaybackMachine>;

/** The reward on screen (the last one once all have played); null when there are none. */
export const selectRewardOnScreen = (snapshot: RewardPlaybackSnapshot): Reward | null =>
  snapshot.context.rewards[snapshot.context.index] ?? null;

export function selectKindOnScreen(snapshot: RewardPlaybackSnapshot): RewardKind | null {
  const reward = selectRewardOnScreen(snapshot);
  return reward ? rewardKindOf(reward) : null;
}

/** Which reward is on screen, counting from 1 ('2' of 3). */
export const selectPosition = (snapshot: RewardPlaybackSnapshot): number =>
  snapshot.context.index + 1;

export const selectRewardCount = (snapshot: RewardPlaybackSnapshot): number =>
  snapshot.context.rewards.length;

/** The reward on screen has had its first second: a tap moves on. */
export const selectCanTapNext = (snapshot: RewardPlaybackSnapshot): boolean =>
  snapshot.can({ type: 'rewards.next' });
