// The running draw cycle, for the views of the signed-in app: the home screen, the tab bar,
// 'You're Entered To Win' and the 'YOU WON!' view read it with narrow selectors and send to it.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { QuestionsFlowMachine } from '../../machines/questionnaire/questions-flow.machine';
import type {
  DrawCycleEvent,
  DrawCycleMachine,
} from '../../machines/draw-cycle/draw-cycle.machine';
import {
  selectCanEnterDraw,
  selectIsAnsweringFromTellUsMore,
  selectQuestionsFlow,
  selectShowTellUsMore,
} from '../../machines/draw-cycle/draw-cycle.selectors';
import { useChildSelector, useChildSend } from './system';

type DrawCycleSnapshot = SnapshotFrom<DrawCycleMachine>;

/** A narrow read of the draw cycle (use the selectors of draw-cycle.selectors.ts). */
export function useDrawCycleSelector<T>(selector: (snapshot: DrawCycleSnapshot) => T): T {
  return useChildSelector('drawCycle', selector);
}

/** Sends an event to the draw cycle. */
export function useDrawCycleSend(): (event: DrawCycleEvent) => void {
  return useChildSend('drawCycle');
}

/** What the tab bar needs to know about the draw. */
export type DrawStatus = {
  /** The player may press the button now: the bar then stays off /home. */
  canEnterDraw: boolean;
  /** A Tell Us More session is under way. */
  isAnsweringFromTellUsMore: boolean;
  /** The timer says questions are left for the player (the Tell Us More tab). */
  showTellUsMore: boolean;
};

export function useDrawStatus(): DrawStatus {
  const canEnterDraw = useDrawCycleSelector(selectCanEnterDraw);
  const isAnsweringFromTellUsMore = useDrawCycleSelector(selectIsAnsweringFromTellUsMore);
  const showTellUsMore = useDrawCycleSelector(selectShowTellUsMore);
  return { canEnterDraw, isAnsweringFromTellUsMore, showTellUsMore };
}

type QuestionsSteps = SnapshotFrom<QuestionsFlowMachine>['children'];
export type QuestionsStepId = Exclude<keyof QuestionsSteps, never>;
export type QuestionsStep<Id extends QuestionsStepId> = NonNullable<QuestionsSteps[Id]>;

/**
 * The running step `id` of the questions flow (What I Like, the questionnaire, the rewards),
 * while the draw runs the flow and the flow shows that step.
 */
export function useQuestionsStep<Id extends QuestionsStepId>(
  id: Id,
): QuestionsStep<Id> | undefined {
  const flow: ActorRefFrom<QuestionsFlowMachine> | undefined =
    useDrawCycleSelector(selectQuestionsFlow);
  return useSelector(flow, (snapshot) => snapshot?.children[id]);
}
