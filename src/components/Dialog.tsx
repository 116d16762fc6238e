// Every question the app asks over a screen (a coupon, a prize, Logout, Delete Account, a reply
// to Contact Us, the demo's reset) is this dialog: a native modal <dialog>, so the page behind
// is inert and dimmed, focus moves into it (to its first control) and back to what opened it
// when it goes, Tab goes round its own controls, and Escape does what its Cancel does. Whether it shows is the machines' call:
// the dialog is open while it is rendered, and Escape only tells `onCancel` (none while the
// answer is being carried out: then Escape does nothing).
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), ' +
  'textarea:not(:disabled), select:not(:disabled), [tabindex]:not([tabindex="-1"])';

/** The controls Tab reaches in `scope`, in order: those shown and enabled. */
function focusablesIn(scope: Element): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
}

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last: a native
 * modal dialog leaves the page behind inert, but from its last control the browser sends focus
 * out to its own bar; here a keyboard never leaves the dialog.
 */
function goRound(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
  const controls = focusablesIn(event.currentTarget);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

export interface DialogProps {
  /** The dialog's accessible name ('Logout', 'Your coupon'). */
  label: string;
  /** What Escape does; the Cancel button's own handler. */
  onCancel?: (() => void) | undefined;
  /** 'sheet' for the tall ones (a prize claim, a thread): scrolls inside. */
  variant?: 'card' | 'sheet';
  /** The winnings view's own class for the dialog's insides. */
  className?: string;
  /**
   * Where focus goes when the dialog goes and what opened it has gone too (a coupon claimed
   * leaves its place in the list): by default, nowhere (the page's start).
   */
  returnFocus?: (() => HTMLElement | null) | undefined;
  children: ReactNode;
}

export function Dialog({
  label,
  onCancel,
  variant = 'card',
  className,
  returnFocus,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancel = useRef(onCancel);
  const fallback = useRef(returnFocus);
  useLayoutEffect(() => {
    cancel.current = onCancel;
    fallback.current = returnFocus;
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const focused = document.activeElement;
    // What had the focus as it opened (the page itself is no place to return to).
    const opener = focused instanceof HTMLElement && focused !== document.body ? focused : null;
    const open = () => {
      // A DOM without showModal (an old browser): the dialog is simply open.
      if (typeof dialog.showModal === 'function') {
        if (!dialog.open) dialog.showModal();
      } else {
        dialog.setAttribute('open', '');
      }
    };
    const onCancelEvent = (event: Event) => {
      event.preventDefault();
      cancel.current?.();
    };
    // A browser may close a modal dialog on a repeated Escape whatever the page says: it stays
    // open for as long as the app shows it.
    const onClose = () => {
      if (dialog.isConnected) open();
    };
    dialog.addEventListener('cancel', onCancelEvent);
    dialog.addEventListener('close', onClose);
    open();
    return () => {
      dialog.removeEventListener('cancel', onCancelEvent);
      dialog.removeEventListener('close', onClose);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      // Focus goes back to what opened the dialog, or where the screen says when that has gone:
      // now, and again once the commit that takes the dialog away has run (focus inside it is
      // then lost to the page).
      const returnFocusHere = () => {
        if (document.activeElement !== document.body && document.activeElement !== null) return;
        const target = opener?.isConnected ? opener : fallback.current?.();
        target?.focus();
      };
      returnFocusHere();
      queueMicrotask(returnFocusHere);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${variant}${className ? ` ${className}` : ''}`}
      aria-label={label}
      aria-modal="true"
      onKeyDown={goRound}
    >
      {children}
    </dialog>
  );
}
