// Whether a page built for a new visitor (prerender-pages.ts) is the screen this visit opens
// on. It is not for a signed-in player, nor while the install guide replaces the app, nor on the
// disclaimer for a visitor who accepted the terms (the app goes on to the invite code) or on a
// desktop (no box to tick), nor on the starting page reloaded after its ticket was received. The
// page's own guard (prerender-guard.ts) asks before the first paint, from what the device keeps
// as it is; the app asks again as it starts (main.tsx), through its own readers.
import { PRERENDERED_PAGES, type PrerenderedPage } from './prerender-pages';

/** What besides the address decides a visit's first screen. */
export type Visitor = {
  signedIn: boolean;
  termsAccepted: boolean;
  desktop: boolean;
  /** The install guide replaces the whole app (its flag is set on the device). */
  installGuide: boolean;
  /** The address carries an invite code the app takes (the starting page's `?code=`). */
  inviteLink: boolean;
  /** The starting page had shown 'one entry ticket received' (its history entry says so). */
  ticketReceived: boolean;
};

/** Whether the app's first screen at `path`, for `visitor`, is the one `page` shows. */
export function pageFits(page: PrerenderedPage, path: string, visitor: Visitor): boolean {
  if (path !== PRERENDERED_PAGES[page].path) return false;
  if (visitor.signedIn || visitor.installGuide) return false;
  switch (page) {
    case 'disclaimer':
      return !visitor.termsAccepted && !visitor.desktop;
    case 'starting-page':
      return visitor.inviteLink && !visitor.ticketReceived;
    case 'phone-login':
      return true;
  }
}

/** Whether a history entry's state says the starting page had shown its ticket. */
export function historySaysTicketReceived(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as Record<string, unknown>).ticketReceived === true
  );
}
