// What the home screen and the tab bar need to know about the draw. The draw-cycle machine
// provides it; until a draw is running the button is always available and pressing it does
// nothing.
import { createContext, useContext } from 'react';

export type DrawStatus = {
  /** The player may press the button now (otherwise the countdown shows). */
  canEnterDraw: boolean;
  /** A Tell Us More session is under way. */
  isAnsweringFromTellUsMore: boolean;
  /** Presses the black button; null while no draw can be entered from this app. */
  enterDraw: (() => void) | null;
};

export const NO_DRAW_RUNNING: DrawStatus = {
  canEnterDraw: true,
  isAnsweringFromTellUsMore: false,
  enterDraw: null,
};

export const DrawStatusContext = createContext<DrawStatus>(NO_DRAW_RUNNING);

export function useDrawStatus(): DrawStatus {
  return useContext(DrawStatusContext);
}
