// Generated paths through each step of the entry flow on its own (the starting page and its
// slides, the disclaimer, the invite code, the phone number, the phone login, the texted code),
// each walked through the real pages of the running app: the visitor's gestures and the API's
// answers drive the step, every state is checked against what the visitor sees, and each
// step's ends are the screens the flow moves on to.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { navigate } from 'wouter/use-browser-location';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { connectEntrySteps } from '../../machines/entry-flow/connect';
import {
  SKIP_SLIDE_INDEX,
  STARTING_SLIDES_INPUT,
  WELCOME_SLIDE_INDEX,
} from '../../machines/entry-flow/starting-page.machine';
import { slidesMachine, type SlidesContext } from '../../machines/shared/slides.machine';
import { STARTING_SLIDES } from '../../src/features/entry-flow/slides';
import { describeEntryWalk, type WalkSnapshot, type WalkStart } from './helpers/entry-walk';
import type { EntryFlowHarness } from './helpers/entry-flow-harness';
import {
  describeModelEvent,
  done,
  failed,
  INVITE_LINK_CODE,
  LOGIN,
  outcomesOf,
  PHONE_FORMATTED,
  PHONE_NUMBER,
  PHONE_TYPED,
  TEXTED_CODE,
  TYPED_INVITE_CODE,
} from './helpers/entry-flow-model';
import {
  answer,
  button,
  drag,
  expectCodeControls,
  expectDigitBoxes,
  expectDisclaimer,
  expectSignInLink,
  failureOf,
  failureStatus,
  heading,
  resolveCall,
  SCREENS,
  toast,
  typeInto,
} from './helpers/entry-gestures';
import { FakeEntryFlowApi } from './helpers/fake-entry-flow-api';

const steps = connectEntrySteps(new FakeEntryFlowApi());

/** The events of `candidates` the state takes. */
const enabled = (snapshot: WalkSnapshot, candidates: EventObject[]) =>
  candidates.filter((event) => snapshot.can(event));

const open = (path: string, state: unknown = null) =>
  act(async () => {
    navigate(path, { state });
    await Promise.resolve();
  });

const openStartingPage =
  (state: unknown = null): WalkStart['open'] =>
  () =>
    open(`/?code=${INVITE_LINK_CODE}`, state);

// ---- the slides ---------------------------------------------------------------------------

const slidesTrack = () => screen.findByTestId('instruction-slides-track');

describeEntryWalk({
  id: 'slides',
  logic: slidesMachine,
  starts: [{ label: '', input: STARTING_SLIDES_INPUT, open: openStartingPage() }],
  walkedElsewhere: {
    'slides.showing --slides.next#0-->':
      "the arrow ends the slides in the wallet's instructions (wallet.model.test.tsx)",
  },
  events: (snapshot) =>
    enabled(snapshot, [
      { type: 'slides.next' },
      { type: 'slides.previous' },
      { type: 'slides.skip' },
      { type: 'slides.finish' },
    ]),
  serialize: ({ value, context }) =>
    JSON.stringify({
      value,
      index: (context as SlidesContext).index,
      hidden: (context as SlidesContext).isArrowHidden,
    }),
  describeEvent: describeModelEvent,
  executors: {
    'slides.next': async ({ state }, app) => {
      // Arrow and swipe alike move on: the walk uses both.
      if ((state.context as SlidesContext).index % 2 === 1) await app.user.click(button('Next'));
      else await drag(app, await slidesTrack(), 'touch', -70);
    },
    'slides.previous': async (_, app) => {
      await drag(app, await slidesTrack(), 'mouse', 130);
    },
    'slides.skip': async (_, app) => {
      await app.user.click(button('Skip'));
    },
    'slides.finish': async (_, app) => {
      await app.user.click(button('ENTER'));
    },
  },
  states: {
    showing: ({ context }) => {
      const { index, isArrowHidden } = context as SlidesContext;
      expect(window.location.pathname).toBe('/');
      expect(window.location.search).toBe(`?code=${INVITE_LINK_CODE}`);
      heading(STARTING_SLIDES[index]?.title ?? '');
      const arrowShown = !isArrowHidden && index < WELCOME_SLIDE_INDEX;
      expect(screen.queryByRole('button', { name: 'Next' }) !== null).toBe(arrowShown);
      expect(screen.queryByRole('button', { name: 'ENTER' }) !== null).toBe(
        index === WELCOME_SLIDE_INDEX,
      );
      expect(screen.queryByRole('button', { name: 'Skip' }) !== null).toBe(
        index < SKIP_SLIDE_INDEX,
      );
      if (index === WELCOME_SLIDE_INDEX) heading('Welcome to BLACK BUTTON');
    },
    // ENTER: the ticket is revealed.
    read: () => {
      screen.getByTestId('ticket');
    },
  },
});

// ---- the starting page --------------------------------------------------------------------

type StartingPageContext = { isTicketImageLoaded: boolean; skipDisclaimers: boolean };
const TICKET_REVEAL = 'xstate.after.ticketReveal.startingPage.revealingTicket';

describeEntryWalk({
  id: 'startingPage',
  logic: steps.startingPage,
  starts: [
    { label: '', input: { inviteLinkCode: INVITE_LINK_CODE }, open: openStartingPage() },
    // A reload after the ticket was received: the address's history state says so, and the
    // page opens at 'one entry ticket received' instead of the first slide.
    {
      label: 'reopened at the ticket',
      input: { inviteLinkCode: INVITE_LINK_CODE, atTicket: true },
      open: openStartingPage({ ticketReceived: true }),
    },
  ],
  events: (snapshot) => {
    const candidates: EventObject[] = [
      done('slides', undefined),
      { type: 'ticket.imageLoaded' },
      { type: 'ticketReceived.forward' },
      { type: 'ticketReceived.skip' },
      ...outcomesOf(snapshot, {
        checkInviteLink: [
          done('checkInviteLink', { inviteCode: INVITE_LINK_CODE }),
          failed('checkInviteLink', 404, 'Invalid invite code'),
          failed('checkInviteLink', 0),
        ],
      }),
    ];
    if (snapshot.matches('revealingTicket')) candidates.push({ type: TICKET_REVEAL });
    return enabled(snapshot, candidates);
  },
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      // Whether the link's code is still being checked decides what can happen next.
      checking: 'checkInviteLink' in snapshot.children,
      ...(snapshot.matches('revealingTicket')
        ? { loaded: (snapshot.context as StartingPageContext).isTicketImageLoaded }
        : {}),
      ...(snapshot.matches('done')
        ? { skip: (snapshot.context as StartingPageContext).skipDisclaimers }
        : {}),
    }),
  describeEvent: describeModelEvent,
  delays: { [TICKET_REVEAL]: 2500 },
  executors: {
    'xstate.done.actor.slides': async (_, app) => {
      await app.user.click(button('Skip'));
      await app.user.click(button('ENTER'));
    },
    'ticket.imageLoaded': async () => {
      await act(async () => {
        fireEvent.load(screen.getByAltText('A lottery ticket for the daily drawing'));
        await Promise.resolve();
      });
    },
    [TICKET_REVEAL]: async (_, app) => {
      // Not a moment before 2.5 s.
      app.advance(2499);
      expect(screen.getByTestId('ticket')).toBeDefined();
      app.advance(1);
      await Promise.resolve();
    },
    'ticketReceived.forward': async (_, app) => {
      await drag(app, await screen.findByTestId('ticket-received'), 'mouse', -130);
    },
    'ticketReceived.skip': async (_, app) => {
      await app.user.click(button('Skip'));
    },
    'xstate.done.actor.checkInviteLink': async (step, app) => {
      await answer(app, step.event, 'validateInvite', { valid: true });
      // Kept on the device: a reload of /onboarding still has it.
      await waitFor(() => expect(window.localStorage.getItem('inviteCode')).toBe(INVITE_LINK_CODE));
    },
    'xstate.error.actor.checkInviteLink': async (step, app) => {
      await answer(app, step.event, 'validateInvite', null);
      if (failureStatus(step.event) !== 0) await toast('Invalid Code');
    },
  },
  states: {
    slides: () => {
      heading(STARTING_SLIDES[0]?.title ?? '');
    },
    revealingTicket: ({ context }) => {
      expect(screen.getByTestId('ticket').classList.contains('ticket--blurred')).toBe(
        !(context as StartingPageContext).isTicketImageLoaded,
      );
      expect(
        screen.getByAltText('A lottery ticket for the daily drawing').getAttribute('src'),
      ).toBe('/images/lottery-ticket.svg');
    },
    ticketReceived: () => {
      screen.getByText(/You also just received one entry ticket for the daily lottery/);
      screen.getByText(/stored in your wallet/);
      button('Continue');
      button('Skip');
    },
    refused: SCREENS.inviteCode,
    // On to /onboarding: the disclaimer first, unless Skip left it out.
    done: ({ context }) => {
      expect(window.location.pathname).toBe('/onboarding');
      if ((context as StartingPageContext).skipDisclaimers) heading('Verify Your Mobile Number');
      else heading('Disclaimer');
    },
  },
});

// ---- the disclaimer -----------------------------------------------------------------------

describeEntryWalk({
  id: 'terms',
  logic: steps.terms,
  starts: [{ label: '', input: { isDesktop: false }, open: () => open('/disclaimer') }],
  events: (snapshot) =>
    enabled(snapshot, [{ type: 'disclaimer.toggleAgreement' }, { type: 'disclaimer.submit' }]),
  serialize: ({ value, context }) =>
    JSON.stringify({
      value,
      agreed: (context as { isAgreementChecked: boolean }).isAgreementChecked,
    }),
  describeEvent: describeModelEvent,
  executors: {
    'disclaimer.toggleAgreement': async (_, app) => {
      await app.user.click(screen.getByRole('checkbox'));
    },
    'disclaimer.submit': async (_, app) => {
      await app.user.click(button('SUBMIT'));
    },
  },
  states: {
    reading: ({ context }) => {
      expect(window.location.pathname).toBe('/disclaimer');
      expectDisclaimer((context as { isAgreementChecked: boolean }).isAgreementChecked);
      expectSignInLink();
    },
    // Accepted: the session keeps it, and the invite code comes next.
    accepted: (_, app) => {
      SCREENS.inviteCode();
      expect(app.onTermsAccepted).toHaveBeenCalledTimes(1);
    },
  },
});

// ---- the invite code ----------------------------------------------------------------------

describeEntryWalk({
  id: 'inviteCode',
  logic: steps.inviteCode,
  starts: [{ label: '', input: undefined, open: () => open('/invite-code') }],
  events: (snapshot) =>
    enabled(snapshot, [
      { type: 'inviteCode.submit', inviteCode: TYPED_INVITE_CODE } as EventObject,
      ...outcomesOf(snapshot, {
        validateInvite: [
          done('validateInvite', { inviteCode: TYPED_INVITE_CODE }),
          failed('validateInvite', 404, 'Invalid invite code'),
          failed('validateInvite', 0),
        ],
      }),
    ]),
  serialize: ({ value }) => JSON.stringify({ value }),
  describeEvent: describeModelEvent,
  executors: {
    'inviteCode.submit': async (_, app) => {
      await typeInto(app, 'Invitation code', TYPED_INVITE_CODE);
      await app.user.click(button('Submit'));
    },
    'xstate.done.actor.validateInvite': async (step, app) => {
      await answer(app, step.event, 'validateInvite', { valid: true });
      await toast('Invitation code received');
    },
    'xstate.error.actor.validateInvite': async (step, app) => {
      await answer(app, step.event, 'validateInvite', null);
      await toast(
        failureStatus(step.event) === 0 ? 'An unexpected error occurred' : 'Invalid Code',
      );
    },
  },
  states: {
    entering: () => {
      expect(window.location.pathname).toBe('/invite-code');
      heading('Enter Invitation Code');
      expect(screen.getByLabelText('Invitation code').getAttribute('maxlength')).toBe('11');
      expect(button('Submit')).toHaveProperty('disabled', false);
      expectSignInLink();
    },
    validating: () => {
      expect(button('Submit')).toHaveProperty('disabled', true);
      expect(button('Submit').getAttribute('aria-busy')).toBe('true');
    },
    // Kept on the device; /onboarding asks for the terms first (not accepted yet).
    accepted: () => {
      expect(window.location.pathname).toBe('/onboarding');
      heading('Disclaimer');
      expect(window.localStorage.getItem('inviteCode')).toBe(TYPED_INVITE_CODE);
    },
  },
});

// ---- the phone number ---------------------------------------------------------------------

describeEntryWalk({
  id: 'phoneRegistration',
  logic: steps.phoneRegistration,
  starts: [
    {
      label: '',
      input: { inviteCode: INVITE_LINK_CODE },
      harness: { hasAcceptedTerms: true },
      open: () => open(`/onboarding?invite_code=${INVITE_LINK_CODE}`),
    },
  ],
  events: (snapshot) =>
    enabled(snapshot, [
      { type: 'phone.submit', phoneNumber: PHONE_NUMBER } as EventObject,
      ...outcomesOf(snapshot, {
        register: [
          done('register', undefined),
          failed('register', 409, 'Phone number is already registered'),
          failed('register', 422, 'This invite code has been used up'),
          failed('register', 500),
        ],
      }),
    ]),
  serialize: ({ value }) => JSON.stringify({ value }),
  describeEvent: describeModelEvent,
  executors: {
    'phone.submit': async (_, app) => {
      await typeInto(app, 'Mobile number', PHONE_TYPED);
      expect(screen.getByLabelText('Mobile number')).toHaveProperty('value', PHONE_FORMATTED);
      await app.user.click(button('Enter'));
    },
    'xstate.done.actor.register': async (step, app) => {
      await answer(app, step.event, 'register', { data: LOGIN.user });
      expect(app.api.callsOf('register').at(-1)).toEqual({
        phone_number: PHONE_NUMBER,
        invite_code: INVITE_LINK_CODE,
      });
    },
    'xstate.error.actor.register': async (step, app) => {
      await answer(app, step.event, 'register', null);
      const { detail, status } = failureOf(step.event);
      if (status !== 409) await toast(detail ?? 'Server Error');
    },
  },
  states: {
    enteringPhone: () => {
      expect(window.location.pathname).toBe('/onboarding');
      heading('Verify Your Mobile Number');
      screen.getByText(/only ever send you a text message if you win/);
      expect(screen.queryByRole('combobox')).toBeNull();
      expect(button('Enter')).toHaveProperty('disabled', false);
    },
    registering: () => {
      expect(button('Enter')).toHaveProperty('disabled', true);
    },
    registered: SCREENS.verification,
  },
});

// ---- the phone login ----------------------------------------------------------------------

describeEntryWalk({
  id: 'phoneLogin',
  logic: steps.phoneLogin,
  starts: [{ label: '', input: undefined, open: () => open('/phone-login') }],
  events: (snapshot) =>
    enabled(snapshot, [
      { type: 'login.submitPhone', phoneNumber: PHONE_NUMBER } as EventObject,
      ...outcomesOf(snapshot, {
        requestLoginCode: [
          done('requestLoginCode', { otp: TEXTED_CODE }),
          failed('requestLoginCode', 422, 'Phone number is not valid'),
          failed('requestLoginCode', 404, 'No player has this phone number'),
          failed('requestLoginCode', 500),
        ],
      }),
    ]),
  serialize: ({ value, context }) =>
    JSON.stringify({
      value,
      notRegistered: (context as { isNotRegistered: boolean }).isNotRegistered,
    }),
  describeEvent: describeModelEvent,
  executors: {
    'login.submitPhone': async (_, app) => {
      await app.user.clear(screen.getByLabelText('Mobile number'));
      expect(screen.queryByRole('button', { name: 'Get my code' })).toBeNull();
      await app.user.type(screen.getByLabelText('Mobile number'), PHONE_TYPED);
      await app.user.click(button('Get my code'));
    },
    'xstate.done.actor.requestLoginCode': async (step, app) => {
      await answer(app, step.event, 'requestCode', { message: 'sent', otp: TEXTED_CODE });
      await toast(TEXTED_CODE);
    },
    'xstate.error.actor.requestLoginCode': async (step, app) => {
      await answer(app, step.event, 'requestCode', null);
      const { detail, status } = failureOf(step.event);
      await toast(status === 422 && detail !== null ? detail : 'Not registered');
    },
  },
  states: {
    entering: ({ context }) => {
      expect(window.location.pathname).toBe('/phone-login');
      heading('Welcome back');
      screen.getByText(/text a 4-digit code/);
      expect(screen.queryByText(/No player has this number yet/) !== null).toBe(
        (context as { isNotRegistered: boolean }).isNotRegistered,
      );
      expect(
        screen.getByRole('link', { name: 'Sign up with an invitation code' }).getAttribute('href'),
      ).toBe('/invite-code');
    },
    requestingCode: () => {
      expect(button('Get my code')).toHaveProperty('disabled', true);
    },
    // The code is on its way: the boxes wait for it instead of asking again.
    codeSent: (_, app) => {
      SCREENS.verification();
      expectDigitBoxes(true);
      expect(app.api.count('requestCode')).toBe(1);
    },
  },
});

// ---- the texted code ----------------------------------------------------------------------

async function afterPhoneLogin(app: EntryFlowHarness): Promise<void> {
  await open('/phone-login');
  await app.user.type(await screen.findByLabelText('Mobile number'), PHONE_TYPED);
  await app.user.click(button('Get my code'));
  await resolveCall(app, 'requestCode', { message: 'sent', otp: TEXTED_CODE });
}

describeEntryWalk({
  id: 'verification',
  logic: steps.verification,
  starts: [
    {
      label: 'opened at /login',
      input: { phoneNumber: PHONE_NUMBER, isCodeOnItsWay: false },
      open: () => open('/login', { phoneNumber: PHONE_NUMBER }),
    },
    {
      label: 'after /phone-login',
      input: { phoneNumber: PHONE_NUMBER, isCodeOnItsWay: true },
      open: afterPhoneLogin,
    },
  ],
  events: (snapshot) =>
    enabled(snapshot, [
      { type: 'code.complete', code: TEXTED_CODE } as EventObject,
      { type: 'code.resend' },
      { type: 'login.changeNumber' },
      ...outcomesOf(snapshot, {
        requestCode: [
          done('requestCode', { otp: TEXTED_CODE }),
          done('requestCode', { otp: null }),
          failed('requestCode', 500),
        ],
        verifyCode: [
          done('verifyCode', LOGIN),
          failed('verifyCode', 401),
          failed('verifyCode', 500),
        ],
      }),
    ]),
  serialize: ({ value, context }) =>
    JSON.stringify({ value, code: (context as { code: string }).code }),
  describeEvent: describeModelEvent,
  executors: {
    'code.complete': async (_, app) => {
      await app.user.type(screen.getByLabelText('Digit 1'), TEXTED_CODE);
    },
    'code.resend': async (_, app) => {
      await app.user.click(button('Resend code'));
    },
    'login.changeNumber': async (_, app) => {
      await app.user.click(button('Change number'));
    },
    'xstate.done.actor.requestCode': async (step, app) => {
      const { otp } = (step.event as unknown as { output: { otp: string | null } }).output;
      await answer(
        app,
        step.event,
        'requestCode',
        otp === null ? { message: 'sent' } : { message: 'sent', otp },
      );
      await toast(otp ?? 'Your code has been sent');
    },
    'xstate.error.actor.requestCode': async (step, app) => {
      await answer(app, step.event, 'requestCode', null);
      await toast('There was a problem sending the code.');
    },
    'xstate.done.actor.verifyCode': async (step, app) => {
      await toast('Loading...');
      await answer(app, step.event, 'verifyCode', LOGIN);
      await toast('Validation Succesful');
    },
    'xstate.error.actor.verifyCode': async (step, app) => {
      await toast('Loading...');
      await answer(app, step.event, 'verifyCode', null);
      await toast(failureStatus(step.event) === 401 ? 'Invalid Code' : 'Server Error');
    },
  },
  states: {
    requestingCode: () => {
      SCREENS.verification();
      expectDigitBoxes(false);
      expectCodeControls(false);
    },
    awaitingCode: () => {
      SCREENS.verification();
      expectDigitBoxes(true);
      expectCodeControls(true);
      // The phone's keyboard comes up without a tap.
      expect(document.activeElement).toBe(screen.getByLabelText('Digit 1'));
    },
    verifying: ({ context }) => {
      expectDigitBoxes(false, (context as { code: string }).code);
      expectCodeControls(false);
    },
    // The login signs the player in: the session shows /home.
    signedIn: (_, app) => {
      SCREENS.home();
      expect(app.onSignedIn).toHaveBeenCalledWith(LOGIN);
    },
    changingNumber: SCREENS.phoneLogin,
  },
});
