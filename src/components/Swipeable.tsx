// An area the player can drag and swipe, with a finger or a mouse, from its first paint: the
// pointer handlers are on the area itself, so a swipe made the moment it shows is a swipe (a
// gesture library loaded after the paint lost those). The area follows the drag and springs
// back when let go; what a released drag means is the caller's `onRelease`. While a drag is on,
// the area carries `data-dragging`, so its stylesheet can lift it (a deeper shadow).
import { useRef, type PointerEvent, type ReactNode } from 'react';

export type SwipeableProps = {
  className: string;
  /** Names the area (tests find it by this). */
  testId: string;
  /** Only horizontal drags: the area follows sideways only. */
  axis?: 'x';
  /** The area follows a drag to the left only. */
  leftOnly?: boolean;
  /** The area leans the way it is dragged, as a card held at its foot does. */
  tilt?: boolean;
  /** A finished drag: its movement and the pointer that made it ('touch', 'mouse', 'pen'). */
  onRelease: (dx: number, dy: number, pointerType: string) => void;
  children: ReactNode;
};

/** Movement under this is a tap, not a drag: taps on buttons inside the area stay taps. */
export const DRAG_SLOP_PX = 4;

type Drag = { id: number; type: string; x: number; y: number; dragging: boolean };

/** How far a tilting area leans, in degrees per pixel dragged, and at most. */
const TILT_PER_PX = 0.06;
const TILT_MAX_DEG = 12;

/** Where the area shows during a drag of (dx, dy). */
function followOf(
  dx: number,
  dy: number,
  axis: 'x' | undefined,
  leftOnly: boolean,
  tilt: boolean,
): string {
  const x = leftOnly ? Math.min(dx, 0) : dx;
  const y = axis === 'x' ? 0 : dy;
  const lean = tilt ? Math.max(-TILT_MAX_DEG, Math.min(TILT_MAX_DEG, x * TILT_PER_PX)) : 0;
  return `translate(${x}px, ${y}px)${lean ? ` rotate(${lean}deg)` : ''}`;
}

/** Springing back takes the design's base duration (none under reduced motion). */
const SPRING_BACK = 'transform var(--duration-base) var(--ease-standard)';

export function Swipeable({
  className,
  testId,
  axis,
  leftOnly = false,
  tilt = false,
  onRelease,
  children,
}: SwipeableProps) {
  const area = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);

  const place = (transform: string, animate: boolean) => {
    const element = area.current;
    if (!element) return;
    element.style.transition = animate ? SPRING_BACK : 'none';
    element.style.transform = transform;
    // Held while it follows the finger; let go as it springs back.
    element.toggleAttribute('data-dragging', !animate);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current || !event.isPrimary || event.button !== 0) return;
    const { pointerId: id, pointerType: type, clientX: x, clientY: y } = event;
    drag.current = { id, type, x, y, dragging: false };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.id) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    if (!current.dragging) {
      if (Math.hypot(dx, dy) < DRAG_SLOP_PX) return;
      current.dragging = true;
      // The drag goes on past the area's edge; a button under the start takes no click. A
      // browser may refuse the capture (the pointer just went) or lack it: the drag goes on.
      try {
        event.currentTarget.setPointerCapture?.(event.pointerId);
      } catch {
        // Without capture, moves over the area still count.
      }
    }
    place(followOf(dx, dy, axis, leftOnly, tilt), false);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || event.pointerId !== current.id) return;
    drag.current = null;
    if (!current.dragging) return;
    place('', true);
    onRelease(event.clientX - current.x, event.clientY - current.y, current.type);
  };

  // The browser took the touch (a scroll) or the pointer went away: no swipe.
  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.id !== event.pointerId) return;
    drag.current = null;
    place('', true);
  };

  return (
    <div
      ref={area}
      className={className}
      data-testid={testId}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
    >
      {children}
    </div>
  );
}
