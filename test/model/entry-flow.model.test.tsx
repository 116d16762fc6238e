// Generated paths through the entry flow itself, walked through the real pages: the routes a
// visitor opens and each step's ends (its output, reached with the visitor's gestures through
// the step's screen) drive the running flow, and every screen is checked on arrival. Each
// step's own states are walked in entry-steps.model.test.tsx.
import { act, screen, waitFor } from '@testing-library/react';
import { navigate } from 'wouter/use-browser-location';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { connectEntryFlow } from '../../machines/entry-flow/connect';
import type { EntryFlowEvent } from '../../machines/entry-flow/entry-flow.machine';
import { STARTING_SLIDES } from '../../src/features/entry-flow/slides';
import { describeEntryWalk, type WalkSnapshot, type WalkStep } from './helpers/entry-walk';
import type { EntryFlowHarness } from './helpers/entry-flow-harness';
import { START_PATH } from './helpers/entry-flow-harness';
import {
  describeModelEvent,
  entryFlowModelEvents,
  failed,
  INVITE_LINK_CODE,
  LOGIN,
  MODEL_INPUT,
  PHONE_NUMBER,
  PHONE_TYPED,
  serializeEntryFlowState,
  TEXTED_CODE,
  TYPED_INVITE_CODE,
  type EntryFlowSnapshot,
} from './helpers/entry-flow-model';
import {
  answer,
  button,
  expectDisclaimer,
  expectSignInLink,
  heading,
  resolveCall,
  SCREENS,
  toast,
  typeInto,
} from './helpers/entry-gestures';
import { FakeEntryFlowApi } from './helpers/fake-entry-flow-api';

type Outcome<T> = { output: T };
const outputOf = <T,>(step: WalkStep<EventObject>) => (step.event as unknown as Outcome<T>).output;

/** The starting page's slides skipped and ENTER pressed: the ticket shows, then for 2.5 s. */
async function receiveTicket(app: EntryFlowHarness): Promise<void> {
  await app.user.click(button('Skip'));
  await app.user.click(button('ENTER'));
  app.advance(2500);
  await screen.findByText(TICKET_TEXT);
}

const TICKET_TEXT = /You also just received one entry ticket for the daily lottery/;

describeEntryWalk({
  id: 'entryFlow',
  logic: connectEntryFlow(new FakeEntryFlowApi()),
  starts: [{ label: '', input: MODEL_INPUT, open: () => Promise.resolve() }],
  events: entryFlowModelEvents,
  serialize: serializeEntryFlowState,
  describeEvent: describeModelEvent,
  executors: {
    'route.opened': async ({ event }) => {
      const { path, search, navigationState } = event as Extract<
        EntryFlowEvent,
        { type: 'route.opened' }
      >;
      await act(async () => {
        navigate(`${path}${search}`, { state: navigationState });
        await Promise.resolve();
      });
    },
    'inviteLink.confirmed': async (_, app) => {
      await resolveCall(app, 'validateInvite', { valid: true });
      // Kept on the device: a reload of /onboarding still has it.
      await waitFor(() => expect(window.localStorage.getItem('inviteCode')).toBe(INVITE_LINK_CODE));
    },
    'xstate.done.actor.startingPage': async (step, app) => {
      const output = outputOf<{ next: string; skipDisclaimers?: boolean }>(step);
      if (output.next === 'inviteCode') {
        const refusal = failed('checkInviteLink', 404, 'Invalid invite code');
        await answer(app, refusal, 'validateInvite', null);
        await toast('Invalid Code');
        return;
      }
      // Reopened at the ticket, or already past the slides: on from there.
      if (screen.queryByText(TICKET_TEXT) === null) await receiveTicket(app);
      await app.user.click(
        await screen.findByRole('button', { name: output.skipDisclaimers ? 'Skip' : 'Continue' }),
      );
    },
    'startingPage.ticketReceived': (_, app) => receiveTicket(app),
    'xstate.done.actor.terms': async (_, app) => {
      await app.user.click(screen.getByRole('checkbox'));
      await app.user.click(button('SUBMIT'));
    },
    'xstate.done.actor.inviteCode': async (_, app) => {
      await typeInto(app, 'Invitation code', TYPED_INVITE_CODE);
      await app.user.click(button('Submit'));
      await resolveCall(app, 'validateInvite', { valid: true });
      await toast('Invitation code received');
    },
    'xstate.done.actor.phoneRegistration': async (_, app) => {
      await typeInto(app, 'Mobile number', PHONE_TYPED);
      await app.user.click(button('Enter'));
      await resolveCall(app, 'register', { data: LOGIN.user });
    },
    'xstate.done.actor.phoneLogin': async (_, app) => {
      await typeInto(app, 'Mobile number', PHONE_TYPED);
      await app.user.click(button('Get my code'));
      await resolveCall(app, 'requestCode', { message: 'sent', otp: TEXTED_CODE });
    },
    'verification.codeSent': async (_, app) => {
      await resolveCall(app, 'requestCode', { message: 'sent', otp: TEXTED_CODE });
      await toast(TEXTED_CODE);
    },
    'xstate.done.actor.verification': async (step, app) => {
      if (outputOf<{ login: unknown }>(step).login === null) {
        await app.user.click(button('Change number'));
        return;
      }
      await app.user.type(screen.getByLabelText('Digit 1'), TEXTED_CODE);
      await resolveCall(app, 'verifyCode', LOGIN);
      await toast('Validation Succesful');
      expect(app.onSignedIn).toHaveBeenCalledWith(LOGIN);
    },
  },
  states: {
    awaitingRoute: () => {
      expect(window.location.pathname).toBe(START_PATH);
    },
    // The first slide; or, once the ticket was received (a reload opens there), the ticket.
    startingPage: (snapshot: WalkSnapshot) => {
      expect(window.location.pathname).toBe('/');
      expect(window.location.search).toBe(`?code=${INVITE_LINK_CODE}`);
      if ((snapshot as EntryFlowSnapshot).context.isTicketReceived) screen.getByText(TICKET_TEXT);
      else heading(STARTING_SLIDES[0]?.title ?? '');
    },
    disclaimer: () => {
      expect(['/', '/disclaimer']).toContain(window.location.pathname);
      expectDisclaimer(false);
      expectSignInLink();
    },
    inviteCode: () => {
      SCREENS.inviteCode();
      expectSignInLink();
    },
    'onboarding.acceptingTerms': () => {
      expect(window.location.pathname).toBe('/onboarding');
      expectDisclaimer(false);
    },
    'onboarding.enteringPhone': SCREENS.onboardingPhone,
    phoneLogin: SCREENS.phoneLogin,
    verification: (snapshot: WalkSnapshot, app) => {
      const { phoneNumber, isCodeOnItsWay } = (snapshot as EntryFlowSnapshot).context;
      SCREENS.verification();
      expect(phoneNumber).toBe(PHONE_NUMBER);
      // The address carries the number and, once the server texted a code, that it is on its
      // way: a reload (or Back) waits for that code instead of texting another, which voids it.
      expect(window.history.state).toMatchObject({ phoneNumber });
      expect((window.history.state as { codeSent?: unknown }).codeSent === true).toBe(
        isCodeOnItsWay,
      );
      // With a code on its way, the screen asks for none; without, it is asking for one.
      expect(app.api.isWaiting('requestCode')).toBe(!isCodeOnItsWay);
    },
    signedIn: SCREENS.home,
  },
});
