// The app's pictures: line drawings on a 24-unit grid in the text's colour, hidden from screen
// readers (the words beside them say everything; a button's name stays its text). Each screen
// sizes them with its own class; the drawings two screens share are here too.
import type { ReactNode } from 'react';

export function Icon({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** People: the friends a player picks, a friend's win that paid the player. */
export function PeopleIcon({ className }: { className: string }) {
  return (
    <Icon className={className}>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 19a6 6 0 0 1 12 0M16 5a3 3 0 0 1 0 6M18 19a6 6 0 0 0-2.5-4.9" />
    </Icon>
  );
}

/** A tick: a friend who joined, a check that holds. */
export function CheckIcon({ className }: { className: string }) {
  return (
    <Icon className={className}>
      <path d="m5 12 5 5 9-10" />
    </Icon>
  );
}

/**
 * A single bold stroke at `size` pixels: the entry's tick, the answer cards' yes and no, the
 * slides' arrow.
 */
export function BoldGlyph({ d, size, className }: { d: string; size: number; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
