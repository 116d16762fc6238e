// A question over the drawer (a coupon, a prize, a conversation, Logout, Delete Account, Reset
// demo): the app's one dialog (src/components/Dialog.tsx) dressed as the drawer's.
import type { ReactNode } from 'react';
import { Dialog } from '../../components/Dialog';

export function WinningsDialog({
  label,
  onCancel,
  variant = 'card',
  returnFocus,
  children,
}: {
  /** Its accessible name ('Logout', 'Claim coupon'). */
  label: string;
  /** What Escape does: what its Cancel or Close sends; none while an answer is carried out. */
  onCancel?: (() => void) | undefined;
  /** 'sheet' for the tall ones (a prize claim, a conversation). */
  variant?: 'card' | 'sheet';
  /** Where focus goes if what opened the dialog has gone with it (Dialog.tsx). */
  returnFocus?: () => HTMLElement | null;
  children: ReactNode;
}) {
  return (
    <Dialog
      label={label}
      onCancel={onCancel}
      variant={variant}
      className="winnings__dialog"
      returnFocus={returnFocus}
    >
      {children}
    </Dialog>
  );
}
