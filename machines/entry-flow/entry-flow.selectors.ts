// Narrow reads of the entry flow and its steps for the views: each view subscribes to what it
// shows, never to a whole snapshot, and asks the step (`can`) whether a control is enabled.
import type { SnapshotFrom } from 'xstate';
import type { SlidesMachine } from '../shared/slides.machine';
import type { entryFlowMachine } from './entry-flow.machine';
import type { EntryFlowContext } from './entry-flow.types';
import type { InviteCodeMachine } from './invite-code.machine';
import type { PhoneLoginMachine } from './phone-login.machine';
import type { PhoneRegistrationMachine } from './phone-registration.machine';
import type { StartingPageMachine } from './starting-page.machine';
import type { TermsMachine } from './terms.machine';
import type { VerificationMachine } from './verification.machine';

type EntryFlowSnapshot = SnapshotFrom<typeof entryFlowMachine>;

/** 'Your account was deleted': the player has just deleted their account on this device. */
export const selectIsAccountDeletedNoticeShown = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.context.isAccountDeletedNoticeShown;

/** What the landing route (`/`) shows: the starting page or the disclaimer. */
export function selectLandingScreen(
  snapshot: EntryFlowSnapshot,
): 'startingPage' | 'disclaimer' | null {
  if (snapshot.matches('startingPage')) return 'startingPage';
  if (snapshot.matches('disclaimer')) return 'disclaimer';
  return null;
}

// ---- the starting page ------------------------------------------------------------------

type StartingPageSnapshot = SnapshotFrom<StartingPageMachine>;

/** The starting page's three screens, in turn. */
export function selectStartingScreen(
  snapshot: StartingPageSnapshot,
): 'slides' | 'revealingTicket' | 'ticketReceived' | null {
  if (snapshot.matches('slides')) return 'slides';
  if (snapshot.matches('revealingTicket')) return 'revealingTicket';
  if (snapshot.matches('ticketReceived')) return 'ticketReceived';
  return null;
}

export const selectIsTicketImageLoaded = (snapshot: StartingPageSnapshot): boolean =>
  snapshot.context.isTicketImageLoaded;

export const selectCanLeaveTicketReceived = (snapshot: StartingPageSnapshot): boolean =>
  snapshot.can({ type: 'ticketReceived.forward' });

type SlidesSnapshot = SnapshotFrom<SlidesMachine>;

export const selectIsArrowShown = (snapshot: SlidesSnapshot): boolean =>
  snapshot.can({ type: 'slides.next' });

export const selectCanSkipSlides = (snapshot: SlidesSnapshot): boolean =>
  snapshot.can({ type: 'slides.skip' });

/** ENTER, on the welcome slide. */
export const selectCanEnter = (snapshot: SlidesSnapshot): boolean =>
  snapshot.can({ type: 'slides.finish' });

// ---- the disclaimer ---------------------------------------------------------------------

type TermsSnapshot = SnapshotFrom<TermsMachine>;

/** Desktops submit the disclaimer without ticking a box (spec section 5). */
export const selectIsAgreementBoxShown = (snapshot: TermsSnapshot): boolean =>
  !snapshot.context.isDesktop;

export const selectIsAgreementChecked = (snapshot: TermsSnapshot): boolean =>
  snapshot.context.isAgreementChecked;

export const selectCanToggleAgreement = (snapshot: TermsSnapshot): boolean =>
  snapshot.can({ type: 'disclaimer.toggleAgreement' });

export const selectCanSubmitDisclaimer = (snapshot: TermsSnapshot): boolean =>
  snapshot.can({ type: 'disclaimer.submit' });

// ---- the invite code, the phone number ----------------------------------------------------

export const selectIsEnteringInviteCode = (snapshot: SnapshotFrom<InviteCodeMachine>): boolean =>
  snapshot.matches('entering');

export const selectIsValidatingInviteCode = (snapshot: SnapshotFrom<InviteCodeMachine>): boolean =>
  snapshot.matches('validating');

export const selectIsEnteringPhone = (snapshot: SnapshotFrom<PhoneRegistrationMachine>): boolean =>
  snapshot.matches('enteringPhone');

export const selectIsRegistering = (snapshot: SnapshotFrom<PhoneRegistrationMachine>): boolean =>
  snapshot.matches('registering');

type PhoneLoginSnapshot = SnapshotFrom<PhoneLoginMachine>;

export const selectIsEnteringLoginPhone = (snapshot: PhoneLoginSnapshot): boolean =>
  snapshot.matches('entering');

export const selectIsRequestingLoginCode = (snapshot: PhoneLoginSnapshot): boolean =>
  snapshot.matches('requestingCode');

/** The number asked for a code belongs to no player: /phone-login offers signing up. */
export const selectIsNotRegistered = (snapshot: PhoneLoginSnapshot): boolean =>
  snapshot.context.isNotRegistered;

// ---- the texted code --------------------------------------------------------------------

type VerificationSnapshot = SnapshotFrom<VerificationMachine>;

export const selectIsAwaitingCode = (snapshot: VerificationSnapshot): boolean =>
  snapshot.matches('awaitingCode');

export const selectCanResendCode = (snapshot: VerificationSnapshot): boolean =>
  snapshot.can({ type: 'code.resend' });

export const selectCanChangeNumber = (snapshot: VerificationSnapshot): boolean =>
  snapshot.can({ type: 'login.changeNumber' });

export const selectIsRequestingCode = (snapshot: VerificationSnapshot): boolean =>
  snapshot.matches('requestingCode');

export const selectIsVerifying = (snapshot: VerificationSnapshot): boolean =>
  snapshot.matches('verifying');

/** The code being checked; empty while the player types (and after a failure, to retype). */
export const selectSubmittedCode = (snapshot: VerificationSnapshot): string =>
  snapshot.context.code;

/**
 * The history state an entry screen's address carries, so a reload lands on the same step:
 * the phone number on /login, the invite code on /onboarding (spec section 3).
 */
export function selectNavigationState(snapshot: {
  matches(state: 'verification' | 'onboarding' | 'startingPage'): boolean;
  context: EntryFlowContext;
}): Record<string, unknown> | undefined {
  if (snapshot.matches('verification')) {
    const { phoneNumber, isCodeOnItsWay } = snapshot.context;
    return { phoneNumber, ...(isCodeOnItsWay ? { codeSent: true } : {}) };
  }
  if (snapshot.matches('startingPage') && snapshot.context.isTicketReceived) {
    return { ticketReceived: true };
  }
  if (snapshot.matches('onboarding')) {
    return {
      inviteCode: snapshot.context.inviteCode,
      skipDisclaimers: snapshot.context.skipDisclaimers,
    };
  }
  return undefined;
}
