import { useEffect } from 'react';
import { useChildActor } from '../../app/system';
import './youve-entered.css';

/** 'You're Entered To Win': the draw cycle checks for rewards and moves on from here. */
export function YouveEnteredPage() {
  const drawCycle = useChildActor('drawCycle');
  // A press opens the screen in the draw itself, which then navigates here; a reload or a link
  // arrives without it, and only then does the page tell the draw. Leaving cancels the check.
  useEffect(() => {
    if (!drawCycle) return undefined;
    const opened = { type: 'youveEntered.opened' } as const;
    if (drawCycle.getSnapshot().can(opened)) drawCycle.send(opened);
    return () => drawCycle.send({ type: 'youveEntered.left' });
  }, [drawCycle]);
  return (
    <main className="screen youve-entered">
      <h1 className="youve-entered__title">You&apos;re Entered To Win</h1>
    </main>
  );
}
