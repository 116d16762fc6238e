// The drawer's few pictures (src/components/Icon.tsx), at the size of a line of its text.
import type { ReactNode } from 'react';
import * as shared from '../../components/Icon';
import './icons.css';

/** One of the app's pictures (src/components/Icon.tsx) at the drawer's size. */
function Icon({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <shared.Icon className={`winnings-icon ${className}`}>{children}</shared.Icon>;
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
export const PeopleIcon = () => <shared.PeopleIcon className="winnings-icon" />;

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
export const CheckIcon = () => <shared.CheckIcon className="winnings-icon" />;

/** A check that does not hold. */
export function AlertIcon() {
  return (
    <Icon>
      <path d="M12 3 2 20h20L12 3Z" />
      <path d="M12 10v4M12 17h.01" />
    </Icon>
  );
}
