import './youve-entered.css';

/**
 * 'You're Entered To Win': the draw shows this screen after a press (or when its address is
 * opened) and moves on from it by itself once the rewards are checked.
 */
export function YouveEnteredPage() {
  return (
    <main className="screen youve-entered">
      <span className="youve-entered__mark" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40" focusable="false">
          <path
            d="m5 12.5 4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <h1 className="youve-entered__title">You&apos;re Entered To Win</h1>
    </main>
  );
}
