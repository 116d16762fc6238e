// The tick of an entry made: the player is in today's draw (the screen after the press, and
// /home's countdown). Seen only: the words beside it say it.
export function EnteredMark({ className, size }: { className: string; size: number }) {
  return (
    <span className={className} aria-hidden="true">
      <svg viewBox="0 0 24 24" width={size} height={size} focusable="false">
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
  );
}
