// An area the player can drag and swipe. Its content shows at once; the gesture and spring
// libraries (a fifth of the first screen's JavaScript) arrive in a chunk of their own right
// after, and only then does the area follow a finger. Arrows and buttons work from the start.
import { lazy, Suspense, type ReactNode } from 'react';

const SwipeArea = lazy(() => import('./SwipeArea'));

export type SwipeableProps = {
  className: string;
  /** Names the area once it follows drags (tests wait for it). */
  testId: string;
  /** Only horizontal drags. */
  axis?: 'x';
  /** The area follows a drag to the left only. */
  leftOnly?: boolean;
  /** A finished drag: its movement and the pointer that made it ('touch', 'mouse', 'pen'). */
  onRelease: (dx: number, dy: number, pointerType: string) => void;
  children: ReactNode;
};

export function Swipeable(props: SwipeableProps) {
  return (
    <Suspense fallback={<div className={props.className}>{props.children}</div>}>
      <SwipeArea {...props} />
    </Suspense>
  );
}
