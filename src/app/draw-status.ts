// The running draw cycle, for the views of the signed-in app: the home screen, the tab bar,
// 'You're Entered To Win' and the 'YOU WON!' view read it with narrow selectors and send to it.
import type { SnapshotFrom } from 'xstate';
import type {
  DrawCycleEvent,
  DrawCycleMachine,
} from '../../machines/draw-cycle/draw-cycle.machine';
import {
  selectCanEnterDraw,
  selectIsAnsweringFromTellUsMore,
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
};

export function useDrawStatus(): DrawStatus {
  const canEnterDraw = useDrawCycleSelector(selectCanEnterDraw);
  const isAnsweringFromTellUsMore = useDrawCycleSelector(selectIsAnsweringFromTellUsMore);
  return { canEnterDraw, isAnsweringFromTellUsMore };
}
