// Generated paths through the entry flow, each walked through the real pages: the visitor's
// gestures (clicks, typing, swipes, opening routes) and the API's answers drive the running
// flow, and every state is checked against what the visitor sees.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { navigate } from 'wouter/use-browser-location';
import { afterAll, describe, expect, it } from 'vitest';
import { TestModel, type Step } from 'xstate/graph';
import { createEntryFlowActors } from '../../machines/entry-flow/entry-flow.actors';
import {
  entryFlowMachine,
  SKIP_SLIDE_INDEX,
  WELCOME_SLIDE_INDEX,
} from '../../machines/entry-flow/entry-flow.machine';
import { STARTING_SLIDES } from '../../src/features/entry/slides';
import { statesWithoutView } from './helpers/view-check';
import { CoverageRecorder, chartOf } from './helpers/coverage';
import {
  entryFlowModelEvents,
  INVITE_LINK_CODE,
  LOGIN,
  MODEL_INPUT,
  PHONE_FORMATTED,
  PHONE_TYPED,
  serializeEntryFlowState,
  TEXTED_CODE,
  TYPED_INVITE_CODE,
  type EntryFlowSnapshot,
  type ModelEvent,
  type ModelEventType,
} from './helpers/entry-flow-model';
import { renderEntryFlow, START_PATH, type EntryFlowHarness } from './helpers/entry-flow-harness';
import { planEntryFlowPaths } from './helpers/entry-flow-paths';
import { stateKeyMatcher, withArrival } from './helpers/path-planner';
import { FakeEntryFlowApi } from './helpers/fake-entry-flow-api';

const logic = entryFlowMachine.provide({ actors: createEntryFlowActors(new FakeEntryFlowApi()) });

const model = new TestModel<EntryFlowSnapshot, ModelEvent, unknown>(logic as never, {
  events: entryFlowModelEvents,
  serializeState: (snapshot) => serializeEntryFlowState(snapshot),
  stateMatcher: stateKeyMatcher,
  input: MODEL_INPUT,
});

const paths = planEntryFlowPaths(model, logic);
const coverage = new CoverageRecorder('entryFlow');
let app: EntryFlowHarness;

// ---- gestures ----------------------------------------------------------------------------

type Executor = (step: Step<EntryFlowSnapshot, ModelEvent>) => Promise<void>;

const button = (name: string | RegExp) => screen.getByRole('button', { name });

async function drag(
  element: Element,
  pointer: 'mouse' | 'touch',
  dx: number,
  dy = 0,
): Promise<void> {
  const key = pointer === 'mouse' ? 'MouseLeft' : 'TouchA';
  const start = { clientX: 200, clientY: 400 };
  const steps = 4;
  await app.user.pointer([
    { keys: `[${key}>]`, target: element, coords: start },
    ...Array.from({ length: steps }, (_, i) => ({
      ...(pointer === 'touch' ? { pointerName: 'TouchA' } : {}),
      target: element,
      coords: {
        clientX: start.clientX + (dx * (i + 1)) / steps,
        clientY: start.clientY + (dy * (i + 1)) / steps,
      },
    })),
    { keys: `[/${key}]`, target: element },
  ]);
}

async function typeInto(label: string, text: string): Promise<void> {
  const field = screen.getByLabelText(label);
  await app.user.clear(field);
  await app.user.type(field, text);
}

async function answer(
  step: Step<EntryFlowSnapshot, ModelEvent>,
  call: 'validateInvite' | 'register' | 'requestCode' | 'verifyCode',
  success: unknown,
): Promise<void> {
  await waitFor(() => expect(app.api.isWaiting(call)).toBe(true));
  const event = step.event;
  await act(async () => {
    if ('error' in event) app.api.reject(call, event.error);
    else app.api.resolve(call, success);
    await Promise.resolve();
  });
}

const toast = (text: string) => screen.findByText(text, {}, { timeout: 2000 });

/** Waits until the running flow is where the model says the step leads. */
async function arrive(step: Step<EntryFlowSnapshot, ModelEvent>): Promise<void> {
  await waitFor(() => {
    const real = app.snapshot();
    expect(real.value).toEqual(step.state.value);
    // Equal as far as the model tells states apart (what the screen shows and decides on).
    expect(serializeEntryFlowState(real)).toBe(serializeEntryFlowState(step.state));
  });
}

function failureStatus(event: ModelEvent): number | null {
  return 'error' in event ? (event.error as { status: number }).status : null;
}

const executors = {
  'route.opened': async ({ event }) => {
    if (event.type !== 'route.opened') return;
    await act(async () => {
      navigate(`${event.path}${event.search}`, { state: event.navigationState });
      await Promise.resolve();
    });
  },
  'slides.next': async ({ state }) => {
    // Arrow and swipe alike move on: the walk uses both.
    if (state.context.slideIndex % 2 === 1) await app.user.click(button('Next'));
    else await drag(await screen.findByTestId('instruction-slides-track'), 'touch', -70);
  },
  'slides.previous': async () => {
    await drag(await screen.findByTestId('instruction-slides-track'), 'mouse', 130);
  },
  'slides.skip': async () => {
    await app.user.click(button('Skip'));
  },
  'ticket.enter': async () => {
    await app.user.click(button('ENTER'));
  },
  'ticket.imageLoaded': async () => {
    await act(async () => {
      fireEvent.load(screen.getByAltText('A lottery ticket for the daily drawing'));
      await Promise.resolve();
    });
  },
  'xstate.after.ticketReveal.entryFlow.startingPage.revealingTicket': () => {
    // Not a moment before 2.5 s.
    app.advance(2499);
    expect(app.snapshot().value).toEqual({ startingPage: 'revealingTicket' });
    app.advance(1);
    return Promise.resolve();
  },
  'ticketReceived.forward': async () => {
    await drag(await screen.findByTestId('ticket-received'), 'mouse', -130);
  },
  'ticketReceived.skip': async () => {
    await app.user.click(button('Skip'));
  },
  'disclaimer.toggleAgreement': async () => {
    await app.user.click(screen.getByRole('checkbox'));
  },
  'disclaimer.submit': async () => {
    await app.user.click(button('SUBMIT'));
  },
  'inviteCode.submit': async () => {
    await typeInto('Invitation code', TYPED_INVITE_CODE);
    await app.user.click(button('Submit'));
  },
  'phone.submit': async () => {
    await typeInto('Mobile number', PHONE_TYPED);
    expect(screen.getByLabelText('Mobile number')).toHaveProperty('value', PHONE_FORMATTED);
    await app.user.click(button('Enter'));
  },
  'login.submitPhone': async () => {
    await app.user.clear(screen.getByLabelText('Mobile number'));
    expect(screen.queryByRole('button', { name: 'Get my code' })).toBeNull();
    await app.user.type(screen.getByLabelText('Mobile number'), PHONE_TYPED);
    await app.user.click(button('Get my code'));
  },
  'code.complete': async () => {
    await app.user.type(screen.getByLabelText('Digit 1'), TEXTED_CODE);
  },
  'code.resend': async () => {
    await app.user.click(button('Resend code'));
  },
  'login.changeNumber': async () => {
    await app.user.click(button('Change number'));
  },
  'xstate.done.actor.checkInviteLink': async (step) => {
    await answer(step, 'validateInvite', { valid: true });
    // Kept on the device: a reload of /onboarding still has it.
    await waitFor(() => expect(window.localStorage.getItem('inviteCode')).toBe(INVITE_LINK_CODE));
  },
  'xstate.error.actor.checkInviteLink': async (step) => {
    await answer(step, 'validateInvite', null);
    if (failureStatus(step.event) !== 0) await toast('Invalid Code');
  },
  'xstate.done.actor.validateInvite': async (step) => {
    await answer(step, 'validateInvite', { valid: true });
    await toast('Invitation code received');
    expect(window.localStorage.getItem('inviteCode')).toBe(TYPED_INVITE_CODE);
  },
  'xstate.error.actor.validateInvite': async (step) => {
    await answer(step, 'validateInvite', null);
    await toast(failureStatus(step.event) === 0 ? 'An unexpected error occurred' : 'Invalid Code');
  },
  'xstate.done.actor.register': async (step) => {
    await answer(step, 'register', { data: LOGIN.user });
  },
  'xstate.error.actor.register': async (step) => {
    await answer(step, 'register', null);
    const { detail, status } = (step.event as { error: { status: number; detail: string | null } })
      .error;
    if (status !== 409) await toast(detail ?? 'Server Error');
  },
  'xstate.done.actor.requestLoginCode': async (step) => {
    await answer(step, 'requestCode', { message: 'sent', otp: TEXTED_CODE });
    await toast(TEXTED_CODE);
  },
  'xstate.error.actor.requestLoginCode': async (step) => {
    await answer(step, 'requestCode', null);
    const { detail, status } = (step.event as { error: { status: number; detail: string | null } })
      .error;
    await toast(status === 422 && detail !== null ? detail : 'Not registered');
  },
  'xstate.done.actor.requestCode': async (step) => {
    const { otp } = (step.event as { output: { otp: string | null } }).output;
    await answer(
      step,
      'requestCode',
      otp === null ? { message: 'sent' } : { message: 'sent', otp },
    );
    await toast(otp ?? 'Your code has been sent');
  },
  'xstate.error.actor.requestCode': async (step) => {
    await answer(step, 'requestCode', null);
    await toast('There was a problem sending the code.');
  },
  'xstate.done.actor.verifyCode': async (step) => {
    await toast('Loading...');
    await answer(step, 'verifyCode', LOGIN);
    await toast('Validation Succesful');
    expect(app.onSignedIn).toHaveBeenCalledWith(LOGIN);
  },
  'xstate.error.actor.verifyCode': async (step) => {
    await toast('Loading...');
    await answer(step, 'verifyCode', null);
    await toast(failureStatus(step.event) === 401 ? 'Invalid Code' : 'Server Error');
  },
} satisfies Record<ModelEventType, Executor>;

// ---- what the visitor sees ------------------------------------------------------------------

const heading = (name: string) => screen.getByRole('heading', { level: 1, name });

function expectDigitBoxes(enabled: boolean, digits = ''): void {
  const boxes = within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole(
    'textbox',
  );
  expect(boxes).toHaveLength(4);
  boxes.forEach((box, i) => {
    expect(box).toHaveProperty('disabled', !enabled);
    expect(box).toHaveProperty('value', digits[i] ?? '');
  });
}

function expectDisclaimer(snapshot: EntryFlowSnapshot): void {
  heading('Disclaimer');
  expect(screen.getByRole('link', { name: 'Terms and Conditions' }).getAttribute('href')).toBe(
    '/terms-and-conditions',
  );
  expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
    '/privacy-policy',
  );
  expect(screen.getByRole('link', { name: 'Official Rules' }).getAttribute('href')).toBe('/rules');
  expect(screen.getByRole('checkbox')).toHaveProperty(
    'checked',
    snapshot.context.isAgreementChecked,
  );
  expect(button('SUBMIT')).toHaveProperty('disabled', !snapshot.context.isAgreementChecked);
}

/** A returning player reaches sign-in in one tap from the sign-up screens. */
function expectSignInLink(): void {
  expect(screen.getByRole('link', { name: 'I already have an account' }).getAttribute('href')).toBe(
    '/phone-login',
  );
}

function expectCodeControls(enabled: boolean): void {
  expect(button('Resend code')).toHaveProperty('disabled', !enabled);
  expect(button('Change number')).toHaveProperty('disabled', !enabled);
}

const states: Record<string, (snapshot: EntryFlowSnapshot) => void> = {
  awaitingRoute: () => {
    expect(window.location.pathname).toBe(START_PATH);
  },
  'startingPage.slides': ({ context }) => {
    expect(window.location.pathname).toBe('/');
    expect(window.location.search).toBe(`?code=${INVITE_LINK_CODE}`);
    const slide = STARTING_SLIDES[context.slideIndex];
    heading(slide?.title ?? '');
    const arrowShown = !context.isArrowHidden && context.slideIndex < WELCOME_SLIDE_INDEX;
    expect(screen.queryByRole('button', { name: 'Next' }) !== null).toBe(arrowShown);
    expect(screen.queryByRole('button', { name: 'ENTER' }) !== null).toBe(
      context.slideIndex === WELCOME_SLIDE_INDEX,
    );
    expect(screen.queryByRole('button', { name: 'Skip' }) !== null).toBe(
      context.slideIndex < SKIP_SLIDE_INDEX,
    );
    if (context.slideIndex === WELCOME_SLIDE_INDEX) heading('Welcome to BLACK BUTTON');
  },
  'startingPage.revealingTicket': ({ context }) => {
    expect(screen.getByTestId('ticket').classList.contains('ticket--blurred')).toBe(
      !context.isTicketImageLoaded,
    );
    expect(screen.getByAltText('A lottery ticket for the daily drawing').getAttribute('src')).toBe(
      '/images/lottery-ticket.svg',
    );
  },
  'startingPage.ticketReceived': () => {
    screen.getByText(/You also just received one entry ticket for the daily lottery/);
    screen.getByText(/stored in your wallet/);
    button('Continue');
    button('Skip');
  },
  disclaimer: (snapshot) => {
    expect(['/', '/disclaimer']).toContain(window.location.pathname);
    expectDisclaimer(snapshot);
    expectSignInLink();
  },
  'inviteCode.entering': () => {
    expect(window.location.pathname).toBe('/invite-code');
    heading('Enter Invitation Code');
    expect(screen.getByLabelText('Invitation code').getAttribute('maxlength')).toBe('11');
    expect(button('Submit')).toHaveProperty('disabled', false);
    expectSignInLink();
  },
  'inviteCode.validating': () => {
    expect(button('Submit')).toHaveProperty('disabled', true);
    expect(button('Submit').getAttribute('aria-busy')).toBe('true');
  },
  'onboarding.acceptingTerms': (snapshot) => {
    expect(window.location.pathname).toBe('/onboarding');
    expectDisclaimer(snapshot);
  },
  'onboarding.enteringPhone': () => {
    expect(window.location.pathname).toBe('/onboarding');
    heading('Verify Your Mobile Number');
    screen.getByText(/only ever send you a text message if you win/);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(button('Enter')).toHaveProperty('disabled', false);
  },
  'onboarding.registering': () => {
    expect(button('Enter')).toHaveProperty('disabled', true);
  },
  'phoneLogin.entering': ({ context }) => {
    expect(window.location.pathname).toBe('/phone-login');
    heading('Welcome back');
    screen.getByText(/text a 4-digit code/);
    expect(screen.queryByText(/No player has this number yet/) !== null).toBe(
      context.isNotRegistered,
    );
    expect(
      screen.getByRole('link', { name: 'Sign up with an invitation code' }).getAttribute('href'),
    ).toBe('/invite-code');
  },
  'phoneLogin.requestingCode': () => {
    expect(button('Get my code')).toHaveProperty('disabled', true);
  },
  'verification.requestingCode': () => {
    expect(window.location.pathname).toBe('/login');
    heading('Enter Verification Code');
    expectDigitBoxes(false);
    expectCodeControls(false);
  },
  'verification.awaitingCode': () => {
    expect(window.location.pathname).toBe('/login');
    heading('Enter Verification Code');
    expectDigitBoxes(true);
    expectCodeControls(true);
    // The phone's keyboard comes up without a tap.
    expect(document.activeElement).toBe(screen.getByLabelText('Digit 1'));
  },
  'verification.verifying': ({ context }) => {
    expectDigitBoxes(false, context.code);
    expectCodeControls(false);
  },
  signedIn: () => {
    expect(window.location.pathname).toBe('/home');
  },
};

// ---- the walk -------------------------------------------------------------------------------

const syncedExecutors = withArrival(executors, arrive);

describe('entry flow, generated paths through the pages', () => {
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_, path) => {
    app = renderEntryFlow({ inspect: coverage.inspect });
    await model.testPath(path, { events: syncedExecutors, states });
  });

  afterAll(() => {
    // Reported here too, so a filtered run shows what it left out.
    const missing = coverage.missing(logic);
    if (missing.states.length + missing.transitions.length > 0) {
      console.info('Entry flow not walked:', missing);
    }
  });
});

describe('entry flow, coverage of the walk', () => {
  it('asserts what the player sees in every state they can rest in', () => {
    expect(statesWithoutView(logic, states)).toEqual([]);
  });

  it('walked every state and every transition of the chart', ({ task }) => {
    coverage.report(task, logic);
    const chart = chartOf(logic);
    expect(chart.transitions.length).toBeGreaterThan(30);
    expect(coverage.missing(logic)).toEqual({ states: [], transitions: [] });
  });
});
