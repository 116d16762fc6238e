// What a visitor sees of a state of the entry flow's reload and Back walk, read alike from the
// model (entry-reload-model.ts) and from the running app: the screen, the progress a reload
// must keep (the terms accepted, the invite code on the device and in the address, the number
// the code goes to, a code on its way to it), and what only the moment shows (a ticked box, the
// not-registered notice). The screen's own checks are entry-gestures.ts's.
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { STARTING_SLIDES } from '../../../src/features/entry-flow/slides';
import { INVITE_LINK_CODE, type EntryFlowSnapshot } from './entry-flow-model';
import {
  expectDigitBoxes,
  expectDisclaimer,
  expectSignInLink,
  heading,
  SCREENS,
} from './entry-gestures';
import { CALL_OUTCOMES, type EntryWalkSnapshot, type StepSnapshot } from './entry-reload-model';

/** A state the visitor can look at: a screen, no call under way, nothing timed to move on. */
export function isResting(snapshot: EntryWalkSnapshot): boolean {
  if (snapshot.status === 'done') return true;
  const step = snapshot.step?.snapshot;
  if (!step) return false;
  const calling = Object.keys(step.children).some((id) => id in CALL_OUTCOMES);
  // The ticket shows for 2.5 s, then 'one entry ticket received' comes by itself.
  return !calling && !step.matches('revealingTicket');
}

/** The screen: the flow's state, the starting page's own screen, or signed in. */
export function screenOf(flow: EntryFlowSnapshot, step: StepSnapshot | null): string {
  if (flow.status === 'done') return 'signedIn';
  const [name, inner] = Object.entries(flow.value as Record<string, string>)[0] ?? [];
  const state = typeof flow.value === 'string' ? flow.value : `${name}.${inner}`;
  // The starting page's screens are atomic states of its own machine.
  return state === 'startingPage' ? `startingPage.${step?.value as string}` : state;
}

/** The screen and the progress a reload keeps: the device's, and the address's history state. */
export function progressOf(flow: EntryFlowSnapshot, step: StepSnapshot | null) {
  const { context } = flow;
  const shown = screenOf(flow, step);
  return {
    screen: shown,
    terms: context.hasAcceptedTerms,
    stored: context.storedInviteCode,
    ...(shown.startsWith('onboarding')
      ? { invite: context.inviteCode, skip: context.skipDisclaimers }
      : {}),
    ...(shown === 'verification'
      ? { phone: context.phoneNumber, onItsWay: context.isCodeOnItsWay }
      : {}),
  };
}
export type Progress = ReturnType<typeof progressOf>;

/** What only the moment shows: the box ticked, the not-registered notice. */
export function marksOf(step: StepSnapshot | null) {
  const context = (step?.context ?? {}) as {
    isAgreementChecked?: boolean;
    isNotRegistered?: boolean;
  };
  return {
    ticked: context.isAgreementChecked === true,
    notRegistered: context.isNotRegistered === true,
  };
}
export type Marks = ReturnType<typeof marksOf>;

const SCREEN_NAMES: Record<string, string> = {
  'startingPage.slides': "the starting page's slides",
  'startingPage.ticketReceived': "the starting page's 'one entry ticket received'",
  disclaimer: 'the disclaimer',
  inviteCode: "'Enter Invitation Code'",
  'onboarding.acceptingTerms': 'the disclaimer of sign-up (/onboarding)',
  'onboarding.enteringPhone': 'the phone entry of sign-up',
  phoneLogin: "'Welcome back' (the phone login)",
  verification: 'the code screen',
  signedIn: 'signed in, on /home',
};

/** How the visitor came to the screen, as far as it changes what a reload or Back must show. */
function wayIn(snapshot: EntryWalkSnapshot, shown: string): string[] {
  const { context } = snapshot;
  if (shown.startsWith('startingPage')) {
    return [
      context.storedInviteCode ? "the link's code kept" : "the link's code unchecked (offline)",
    ];
  }
  if (shown.startsWith('onboarding')) {
    return [
      context.inviteCode === INVITE_LINK_CODE ? "the link's code" : 'a typed code',
      context.storedInviteCode === context.inviteCode
        ? 'kept on the device'
        : 'in the address only',
      ...(context.skipDisclaimers ? ['the disclaimer skipped'] : []),
      ...(context.hasAcceptedTerms ? ['the terms accepted'] : []),
    ];
  }
  // After 'Change number' the flow still knows the number: Back returns to the code screen.
  if (shown === 'phoneLogin' && context.phoneNumber !== null) return ["after 'Change number'"];
  if (shown === 'verification' || shown === 'signedIn') {
    return [snapshot.registered ? 'after registering' : "after 'Get my code'"];
  }
  return [];
}

/**
 * Whether a code is on its way to the number the code screen shows (or that Back from 'Welcome
 * back' returns to): a reload or Back waits for it; with none, the code screen asks for one.
 */
function codeStatus({ context }: EntryWalkSnapshot, shown: string): string[] {
  if (shown !== 'verification' && !(shown === 'phoneLogin' && context.phoneNumber !== null)) {
    return [];
  }
  return [context.isCodeOnItsWay ? 'a code on its way' : 'no code on its way'];
}

/**
 * The state as the visitor tells it apart: the screen, and what it shows now (a failure, the
 * box ticked, the notice) or else how they came to it. Each name is walked once.
 */
export function describeEntryState(snapshot: EntryWalkSnapshot): string {
  const shown = screenOf(snapshot, snapshot.step?.snapshot ?? null);
  const marks = marksOf(snapshot.step?.snapshot ?? null);
  const moment = [
    ...(snapshot.failure ? [`'${snapshot.failure}' shown`] : []),
    ...(marks.ticked ? ['the box ticked'] : []),
  ];
  const details = moment.length > 0 ? moment : wayIn(snapshot, shown);
  return [SCREEN_NAMES[shown] ?? shown, ...details, ...codeStatus(snapshot, shown)].join(', ');
}

/** The screen as the visitor sees it, with what the moment shows and its address keeps. */
export async function expectShown(progress: Progress, marks: Marks): Promise<void> {
  const { screen: shown } = progress;
  if (shown === 'signedIn') {
    SCREENS.home();
    await screen.findByRole('button', { name: /Enter To Win/ });
    return;
  }
  if (shown.startsWith('startingPage')) {
    expect(window.location.pathname).toBe('/');
    expect(window.location.search).toBe(`?code=${INVITE_LINK_CODE}`);
    if (shown === 'startingPage.slides') heading(STARTING_SLIDES[0]?.title ?? '');
    else screen.getByText(/You also just received one entry ticket for the daily lottery/);
    return;
  }
  if (shown === 'disclaimer' || shown === 'onboarding.acceptingTerms') {
    // The disclaimer shows at /disclaimer and at / (spec section 2).
    const paths = shown === 'disclaimer' ? ['/', '/disclaimer'] : ['/onboarding'];
    expect(paths).toContain(window.location.pathname);
    expectDisclaimer(marks.ticked);
    expectSignInLink();
  } else if (shown === 'inviteCode') {
    SCREENS.inviteCode();
    expectSignInLink();
  } else if (shown === 'onboarding.enteringPhone') SCREENS.onboardingPhone();
  else if (shown === 'phoneLogin') {
    SCREENS.phoneLogin();
    expect(screen.queryByText(/No player has this number yet/) !== null).toBe(marks.notRegistered);
  } else if (shown === 'verification') {
    SCREENS.verification();
    expectDigitBoxes(true);
  }
  // The address carries the invite code (its query or its history state) and the number, so a
  // reload lands on the same step.
  if (shown.startsWith('onboarding')) {
    const state = (window.history.state ?? {}) as {
      inviteCode?: string;
      skipDisclaimers?: boolean;
    };
    const query = new URLSearchParams(window.location.search).get('invite_code');
    expect(query ?? state.inviteCode).toBe(progress.invite);
    expect(state.skipDisclaimers === true).toBe(progress.skip);
  }
  if (shown === 'verification') {
    // The entry says whether a code is on its way, so a reload or Back texts none by itself.
    await waitFor(() => {
      const state = window.history.state as { phoneNumber?: unknown; codeSent?: unknown };
      expect(state).toMatchObject({ phoneNumber: progress.phone });
      expect(state.codeSent === true).toBe(progress.onItsWay);
    });
  }
  // The device keeps the invite code the server accepted.
  expect(window.localStorage.getItem('inviteCode')).toBe(progress.stored);
}
