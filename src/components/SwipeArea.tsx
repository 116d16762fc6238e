// The dragging itself, with the gesture and spring libraries: loaded after the first paint
// (see Swipeable), so the first screen does not wait for them.
import { animated, useSpring } from '@react-spring/web';
import { useDrag } from '@use-gesture/react';
import type { SwipeableProps } from './Swipeable';

function pointerTypeOf(event: Event): string {
  if ('pointerType' in event && typeof event.pointerType === 'string') return event.pointerType;
  return event.type.startsWith('touch') ? 'touch' : 'mouse';
}

export default function SwipeArea({
  className,
  testId,
  axis,
  leftOnly = false,
  onRelease,
  children,
}: SwipeableProps) {
  const [{ x }, spring] = useSpring(() => ({ x: 0 }));
  const bind = useDrag(
    ({ active, last, movement: [dx, dy], event }) => {
      const shown = leftOnly ? Math.min(dx, 0) : dx;
      void spring.start({ x: active ? shown : 0, immediate: active });
      if (last) onRelease(dx, dy, pointerTypeOf(event));
    },
    { ...(axis ? { axis } : {}), filterTaps: true, pointer: { keys: false } },
  );
  return (
    <animated.div {...bind()} className={className} style={{ x }} data-testid={testId}>
      {children}
    </animated.div>
  );
}
