// The running draw cycle, for the views of the signed-in app: the home screen, the tab bar,
// 'You're Entered To Win' and the 'YOU WON!' view read it with narrow selectors and send to it.
import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type {
  DrawCycleEvent,
  DrawCycleMachine,
} from '../../../machines/draw-cycle/draw-cycle.machine';
import {
  selectCanEnterDraw,
  selectIsAnsweringFromTellUsMore,
} from '../../../machines/draw-cycle/draw-cycle.selectors';

export type DrawCycleActorRef = ActorRefFrom<DrawCycleMachine>;
type DrawCycleSnapshot = SnapshotFrom<DrawCycleMachine>;

export const DrawCycleActorContext = createContext<DrawCycleActorRef | null>(null);

function useDrawCycleActor(): DrawCycleActorRef {
  const actor = useContext(DrawCycleActorContext);
  if (!actor) throw new Error('Signed-in screens render inside <DrawCycleProvider>.');
  return actor;
}

/** A narrow read of the draw cycle (use the selectors of draw-cycle.selectors.ts). */
export function useDrawCycleSelector<T>(selector: (snapshot: DrawCycleSnapshot) => T): T {
  return useSelector(useDrawCycleActor(), selector);
}

/** Sends an event to the draw cycle. */
export function useDrawCycleSend(): (event: DrawCycleEvent) => void {
  return useDrawCycleActor().send;
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
