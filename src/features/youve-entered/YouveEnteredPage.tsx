import { useEffect } from 'react';
import { useDrawCycleSend } from '../../app/draw-status';
import './youve-entered.css';

/** 'You're Entered To Win': the draw cycle checks for rewards and moves on from here. */
export function YouveEnteredPage() {
  const send = useDrawCycleSend();
  // Opening the screen (a press, a reload, a link) starts the check; leaving it cancels it.
  useEffect(() => {
    send({ type: 'youveEntered.opened' });
    return () => send({ type: 'youveEntered.left' });
  }, [send]);
  return (
    <main className="screen youve-entered">
      <h1 className="youve-entered__title">You&apos;re Entered To Win</h1>
    </main>
  );
}
