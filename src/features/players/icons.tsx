// The players screens' few pictures, in the text's colour and hidden from screen readers: the
// words beside them say everything (a button's name stays its text).
import type { ReactNode } from 'react';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      className="players-icon"
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

/** The friends a player picks. */
export function PeopleIcon() {
  return (
    <Icon>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 19a6 6 0 0 1 12 0M16 5a3 3 0 0 1 0 6M18 19a6 6 0 0 0-2.5-4.9" />
    </Icon>
  );
}

/** Sending an invitation. */
export function SendIcon() {
  return (
    <Icon>
      <path d="M4 12 20 4l-6 16-3-7-7-1Z" />
    </Icon>
  );
}

/** A friend who joined. */
export function CheckIcon() {
  return (
    <Icon>
      <path d="m5 12 5 5 9-10" />
    </Icon>
  );
}
