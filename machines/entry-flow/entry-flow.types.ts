// What the entry flow (entry-flow.machine.ts) holds and hears: its input, context, events, what
// it asks the app and what it tells the session.
import type { LoginResponse } from '../../contract/api';
import type { DismissToastEffect, ToastEffect } from '../shared/effects';
import type { RouteOpening } from './entry-flow.routes';
import type { InviteLinkConfirmedEvent, TicketReceivedEvent } from './starting-page.machine';
import type { CodeSentEvent } from './verification.machine';

export type EntryFlowInput = {
  /** From the session: the visitor ticked the disclaimer before (or signed in before). */
  hasAcceptedTerms: boolean;
  /** On a desktop the disclaimer needs no ticked box (spec section 5). */
  isDesktop: boolean;
  /** The invite code kept on the device by /invite-code. */
  storedInviteCode: string | null;
  /** The player has just deleted their account on this device: the disclaimer says so. */
  accountDeleted?: boolean;
  /** Signed out on this device (Logout, the deletion): the disclaimer shows at once. */
  opensAtDisclaimer?: boolean;
};

export type EntryFlowContext = {
  hasAcceptedTerms: boolean;
  opensAtDisclaimer: boolean;
  isDesktop: boolean;
  /** The invite code the device keeps (storage key inviteCode, reported to the root). */
  storedInviteCode: string | null;
  /** `?code=` of the invite link being shown. */
  inviteLinkCode: string | null;
  /** The starting page has shown 'one entry ticket received' (a reload opens it there). */
  isTicketReceived: boolean;
  /** The code the registration will use. */
  inviteCode: string | null;
  skipDisclaimers: boolean;
  phoneNumber: string | null;
  /**
   * A code is on its way to the number (/phone-login or the code screen asked for it): the code
   * boxes wait for it, also after a reload or Back, instead of asking again (a new text voids
   * the one on its way).
   */
  isCodeOnItsWay: boolean;
  /** The verified login, the flow's output. */
  login: LoginResponse | null;
  /** 'Your account was deleted' is up on the disclaimer, until the player leaves it. */
  isAccountDeletedNoticeShown: boolean;
};

export type EntryFlowEvent =
  | ({ type: 'route.opened' } & RouteOpening)
  | InviteLinkConfirmedEvent
  | TicketReceivedEvent
  | CodeSentEvent;

export type EntryFlowEmitted = ToastEffect | DismissToastEffect;

/** What the entry flow tells the session (its parent). */
export type TermsAcceptedEvent = { type: 'session.termsAccepted' };
