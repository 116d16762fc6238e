// Narrow reads of the draw cycle for the views: each returns a small value, so a view
// re-renders only when what it shows changes, and controls are enabled by `can`.
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { DrawCycleMachine } from './draw-cycle.machine';
import type { QuestionsFlowMachine } from '../questionnaire/questions-flow.machine';

type DrawCycleSnapshot = SnapshotFrom<DrawCycleMachine>;

/** The black button shows (otherwise 'You're Entered To Win' and the countdown). */
export const selectCanEnterDraw = (s: DrawCycleSnapshot) => s.context.canEnterDraw;
/** A press would be taken now. */
export const selectCanPress = (s: DrawCycleSnapshot) => s.can({ type: 'draw.press' });
export const selectIsEntering = (s: DrawCycleSnapshot) => s.matches({ entry: 'entering' });
export const selectTimeLeft = (s: DrawCycleSnapshot) => s.context.timeLeft;
export const selectIsLoadingTimeLeft = (s: DrawCycleSnapshot) => s.matches({ timer: 'fetching' });
export const selectShowTellUsMore = (s: DrawCycleSnapshot) => s.context.showTellUsMore;
export const selectIsAnsweringFromTellUsMore = (s: DrawCycleSnapshot) =>
  s.context.isAnsweringFromTellUsMore;
export const selectHasEnteredDrawInSession = (s: DrawCycleSnapshot) =>
  s.context.hasEnteredDrawInSession;
export const selectCurrentDrawEntry = (s: DrawCycleSnapshot) => s.context.currentDrawEntry;

export const selectIsShowingGrandPrize = (s: DrawCycleSnapshot) =>
  s.matches({ grandPrize: 'showing' });
/** The prize on the 'YOU WON!' view; null when hidden (an amount of 0 is not shown). */
export const selectGrandPrizeAmount = (s: DrawCycleSnapshot): number | null => {
  const amount = s.context.grandPrizeAmount;
  return amount !== null && amount > 0 ? amount : null;
};

/** The questions flow while the draw runs it (after a press, or Tell Us More). */
export const selectQuestionsFlow = (s: DrawCycleSnapshot) =>
  s.children.questionsFlow as ActorRefFrom<QuestionsFlowMachine> | undefined;

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * The countdown as the home screen shows it: minutes:seconds (`4:05`), with hours in front
 * once it is an hour or more (`23:59:59`), since the daily draw is 24 hours long.
 */
export function formatCountdown(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  return hours > 0
    ? `${hours}:${twoDigits(minutes)}:${twoDigits(seconds)}`
    : `${minutes}:${twoDigits(seconds)}`;
}
