// The drawer's few pictures, drawn in the text's colour and hidden from screen readers: the
// words beside them say everything (a button's name stays its text).
import type { ReactNode } from 'react';
import './icons.css';

function Icon({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <svg
      className={`winnings-icon ${className}`}
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

/** There is more behind this row. */
export function ChevronIcon() {
  return (
    <Icon className="winnings-icon--chevron">
      <path d="m9 6 6 6-6 6" />
    </Icon>
  );
}

export function CloseIcon() {
  return (
    <Icon>
      <path d="M6 6l12 12M18 6 6 18" />
    </Icon>
  );
}

/** A prize won. */
export function TrophyIcon() {
  return (
    <Icon>
      <path d="M8 4h8v5a4 4 0 0 1-8 0V4Z" />
      <path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8M10 17h4" />
    </Icon>
  );
}

/** A friend's win that paid the player. */
export function PeopleIcon() {
  return (
    <Icon>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 19a6 6 0 0 1 12 0M16 5a3 3 0 0 1 0 6M18 19a6 6 0 0 0-2.5-4.9" />
    </Icon>
  );
}

/** A coupon without a picture of its own. */
export function TicketIcon() {
  return (
    <Icon>
      <path d="M4 8a2 2 0 0 0 0 4v4h16v-4a2 2 0 0 1 0-4V4H4v4Z" transform="translate(0 2)" />
      <path d="M14 6v12" strokeDasharray="2 2" />
    </Icon>
  );
}

/** A draw's record, checked on the phone. */
export function ShieldIcon() {
  return (
    <Icon>
      <path d="M12 3 5 6v5c0 4.5 3 8 7 10 4-2 7-5.5 7-10V6l-7-3Z" />
      <path d="m9 12 2 2 4-4" />
    </Icon>
  );
}

/** Contact Us. */
export function ChatIcon() {
  return (
    <Icon>
      <path d="M4 5h16v11H9l-5 4V5Z" />
    </Icon>
  );
}

/** A check that holds. */
export function CheckIcon() {
  return (
    <Icon>
      <path d="m5 12 5 5 9-10" />
    </Icon>
  );
}

/** A check that does not hold. */
export function AlertIcon() {
  return (
    <Icon>
      <path d="M12 3 2 20h20L12 3Z" />
      <path d="M12 10v4M12 17h.01" />
    </Icon>
  );
}
