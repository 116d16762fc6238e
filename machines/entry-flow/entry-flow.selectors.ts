// Narrow reads of the entry flow for the views: each view subscribes to what it shows, never to
// the whole snapshot, and asks the machine (`can`) whether a control is enabled.
import type { SnapshotFrom } from 'xstate';
import {
  STARTING_SLIDE_COUNT,
  WELCOME_SLIDE_INDEX,
  type entryFlowMachine,
} from './entry-flow.machine';

type EntryFlowSnapshot = SnapshotFrom<typeof entryFlowMachine>;

/** What the landing route (`/`) shows: the starting page's three steps or the disclaimer. */
export type LandingScreen = 'slides' | 'revealingTicket' | 'ticketReceived' | 'disclaimer' | null;

export function selectLandingScreen(snapshot: EntryFlowSnapshot): LandingScreen {
  if (snapshot.matches({ startingPage: 'slides' })) return 'slides';
  if (snapshot.matches({ startingPage: 'revealingTicket' })) return 'revealingTicket';
  if (snapshot.matches({ startingPage: 'ticketReceived' })) return 'ticketReceived';
  if (snapshot.matches('disclaimer')) return 'disclaimer';
  return null;
}

export const selectSlideIndex = (snapshot: EntryFlowSnapshot): number =>
  Math.min(Math.max(snapshot.context.slideIndex, 0), STARTING_SLIDE_COUNT - 1);

export const selectIsArrowShown = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.can({ type: 'slides.next' });

export const selectCanGoBackASlide = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.can({ type: 'slides.previous' });

export const selectCanSkipSlides = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.can({ type: 'slides.skip' });

export const selectIsOnWelcomeSlide = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.matches({ startingPage: 'slides' }) &&
  snapshot.context.slideIndex === WELCOME_SLIDE_INDEX;

export const selectCanEnter = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.can({ type: 'ticket.enter' });

export const selectIsTicketImageLoaded = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.context.isTicketImageLoaded;

export const selectCanLeaveTicketReceived = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.can({ type: 'ticketReceived.forward' });

/** The disclaimer shows on /disclaimer, on / without a code, and first on /onboarding. */
export const selectIsDisclaimerShown = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.matches('disclaimer') || snapshot.matches({ onboarding: 'acceptingTerms' });

/** Desktops submit the disclaimer without ticking a box (spec section 5). */
export const selectIsAgreementBoxShown = (snapshot: EntryFlowSnapshot): boolean =>
  !snapshot.context.isDesktop;

export const selectIsAgreementChecked = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.context.isAgreementChecked;

export const selectCanToggleAgreement = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.can({ type: 'disclaimer.toggleAgreement' });

export const selectCanSubmitDisclaimer = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.can({ type: 'disclaimer.submit' });

export const selectIsEnteringInviteCode = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.matches({ inviteCode: 'entering' });

export const selectIsValidatingInviteCode = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.matches({ inviteCode: 'validating' });

export const selectIsOnboardingPhoneShown = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.matches({ onboarding: 'enteringPhone' }) ||
  snapshot.matches({ onboarding: 'registering' });

export const selectIsEnteringPhone = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.matches({ onboarding: 'enteringPhone' });

export const selectIsRegistering = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.matches({ onboarding: 'registering' });

export const selectIsEnteringLoginPhone = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.matches({ phoneLogin: 'entering' });

export const selectIsRequestingLoginCode = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.matches({ phoneLogin: 'requestingCode' });

export const selectIsAwaitingCode = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.matches({ verification: 'awaitingCode' });

export const selectCanResendCode = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.can({ type: 'code.resend' });

export const selectCanChangeNumber = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.can({ type: 'login.changeNumber' });

/** The number asked for a code belongs to no player: /phone-login offers signing up. */
export const selectIsNotRegistered = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.context.isNotRegistered;

export const selectIsRequestingCode = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.matches({ verification: 'requestingCode' });

export const selectIsVerifying = (snapshot: EntryFlowSnapshot): boolean =>
  snapshot.matches({ verification: 'verifying' });

/** The code being checked; empty while the player types (and after a failure, to retype). */
export const selectSubmittedCode = (snapshot: EntryFlowSnapshot): string => snapshot.context.code;

/**
 * The history state an entry screen's address carries, so a reload lands on the same step:
 * the phone number on /login, the invite code on /onboarding (spec section 3).
 */
export function selectNavigationState(
  snapshot: EntryFlowSnapshot,
): Record<string, unknown> | undefined {
  if (snapshot.matches('verification')) return { phoneNumber: snapshot.context.phoneNumber };
  if (snapshot.matches('onboarding')) {
    return {
      inviteCode: snapshot.context.inviteCode,
      skipDisclaimers: snapshot.context.skipDisclaimers,
    };
  }
  return undefined;
}
