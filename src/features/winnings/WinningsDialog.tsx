// A question over the drawer (a coupon, a prize, a conversation, Logout, Delete Account, Reset
// demo): the app's one dialog, whose Tab and Shift+Tab go round its own controls. A native modal
// dialog leaves the page behind inert, but from its last control the browser sends focus out to
// its own bar; here it comes back to the first control instead, so a keyboard never leaves it.
import type { KeyboardEvent, ReactNode } from 'react';
import { Dialog } from '../../components/Dialog';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), ' +
  'textarea:not(:disabled), select:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** The controls Tab reaches in `scope`, in order: those shown and enabled. */
function focusablesIn(scope: Element): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
}

/** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
function goRound(event: KeyboardEvent<HTMLDivElement>): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  const controls = focusablesIn(event.currentTarget);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && active === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

export function WinningsDialog({
  label,
  onCancel,
  variant = 'card',
  children,
}: {
  /** Its accessible name ('Logout', 'Claim coupon'). */
  label: string;
  /** What Escape does: what its Cancel or Close sends; none while an answer is carried out. */
  onCancel?: (() => void) | undefined;
  /** 'sheet' for the tall ones (a prize claim, a conversation). */
  variant?: 'card' | 'sheet';
  children: ReactNode;
}) {
  return (
    <Dialog label={label} onCancel={onCancel} variant={variant} className="winnings__dialog">
      {/* No box of its own (display: contents): the dialog lays its parts out. */}
      <div className="winnings__dialog-keys" onKeyDown={goRound}>
        {children}
      </div>
    </Dialog>
  );
}
