// The entry flow's walk for its reload and Back test (entry-flow.reload-back.test.tsx): the
// signed-out app opened at the visitor's first address (and reopened as a reload does), its calls
// answered as the model's steps say (and, on a reload, by a server keeping what it was told),
// and the gestures that take the model's events through the screens (as the entry flow's and its
// steps' walks take them: entry-flow.model.test.tsx, entry-steps.model.test.tsx).
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { SimulatedClock, type AnyActorRef, type EventObject, type InspectionEvent } from 'xstate';
import type { Step } from 'xstate/graph';
import type { EntryFlowEvent } from '../../../machines/entry-flow/entry-flow.machine';
import { ApiFailure } from '../../../src/lib/api';
import { settle } from '../../support/settle';
import { renderApp, screenLoaded } from './app-harness';
import {
  LOGIN,
  PHONE_TYPED,
  TEXTED_CODE,
  TYPED_INVITE_CODE,
  type EntryFlowSnapshot,
} from './entry-flow-model';
import { answer, button, toast, typeInto } from './entry-gestures';
import {
  stepRef,
  TICKET_REVEAL,
  type EntryWalkSnapshot,
  type StepSnapshot,
} from './entry-reload-model';
import { marksOf, progressOf } from './entry-reload-screens';
import type { EntryFlowCallName, FakeEntryFlowApi } from './fake-entry-flow-api';
import { reopenApp } from './reload-and-back';

/** What the server saw, across reloads: the link's check, registrations, codes texted, checked. */
export type Server = {
  link: 'unchecked' | 'confirmed' | 'refused' | 'offline';
  registered: number;
  codesTexted: number;
  codesChecked: number;
  /**
   * The server could not text a code to the number (none is on its way): the code screen a
   * reload or Back reopens asks for one as it opens, which is no replay, and is refused again.
   * Any other code texted without a tap would void the one on its way.
   */
  codeRefused: boolean;
};

/** The app as a visitor runs it; started by the walk's first address. */
export type EntryApp = {
  opened: boolean;
  reloaded: boolean;
  server: Server;
  clock: SimulatedClock;
  user: ReturnType<typeof userEvent.setup>;
  api: FakeEntryFlowApi;
  unmount: () => void;
  /** The running flow and the step on its screen (null: signed in, or not started). */
  running: () => { flow: EntryFlowSnapshot; step: StepSnapshot | null } | null;
};

/** The entry flow of the app, found by its id as it starts (again after a reload). */
function watchFlow() {
  let flow: AnyActorRef | null = null;
  return {
    inspect: (event: InspectionEvent) => {
      if ((event.actorRef as AnyActorRef).id === 'entryFlow') flow = event.actorRef as AnyActorRef;
    },
    running: () => {
      if (!flow) return null;
      const snapshot = flow.getSnapshot() as EntryFlowSnapshot;
      const step = stepRef(snapshot)?.[1].getSnapshot() as StepSnapshot | undefined;
      return { flow: snapshot, step: step ?? null };
    },
  };
}

/** Opens the app at `path`, as a link or the address bar opens it (or a reload reopens it). */
function start(app: EntryApp, path: string | null): EntryApp {
  const watched = watchFlow();
  const options = { clock: app.clock, inspect: watched.inspect };
  const opened = path === null ? reopenApp(options) : renderApp({ ...options, path });
  return {
    ...app,
    opened: true,
    reloaded: path === null,
    user: userEvent.setup(),
    api: opened.entryApi,
    unmount: opened.view.unmount,
    running: watched.running,
  };
}

/** The app before the visitor opens an address: the walk's first step opens it. */
export function open(): EntryApp {
  return {
    opened: false,
    reloaded: false,
    server: {
      link: 'unchecked',
      registered: 0,
      codesTexted: 0,
      codesChecked: 0,
      codeRefused: false,
    },
    clock: new SimulatedClock(),
    user: userEvent.setup(),
    api: null as unknown as FakeEntryFlowApi,
    unmount: () => undefined,
    running: () => null,
  };
}

/** The server's answers to a reloaded app, counted as the steps they are. */
function serverAnswers(server: Server): Partial<Record<EntryFlowCallName, () => Promise<unknown>>> {
  return {
    validateInvite: () => {
      if (server.link === 'refused')
        return Promise.reject(new ApiFailure(404, 'Invalid invite code'));
      if (server.link === 'offline') return Promise.reject(new ApiFailure(0, null));
      return Promise.resolve({ valid: true });
    },
    register: () => {
      server.registered += 1;
      return Promise.resolve({ data: LOGIN.user });
    },
    requestCode: () => {
      if (server.codeRefused) {
        server.codeRefused = false;
        return Promise.reject(new ApiFailure(500, null));
      }
      server.codesTexted += 1;
      return Promise.resolve({ message: 'sent', otp: TEXTED_CODE });
    },
    verifyCode: () => {
      server.codesChecked += 1;
      return Promise.resolve(LOGIN);
    },
  };
}

/**
 * The app stopped and started again from the device and the address, the server answering;
 * `walked` is the state it was in.
 */
export async function reload(app: EntryApp, walked: EntryWalkSnapshot): Promise<EntryApp> {
  // The code screen here, or the one Back from 'Welcome back' returns to, with no code on its way.
  const { phoneNumber, isCodeOnItsWay } = walked.context;
  app.server.codeRefused = walked.status !== 'done' && phoneNumber !== null && !isCodeOnItsWay;
  app.unmount();
  const reopened = start(app, null);
  const answers = Object.entries(serverAnswers(app.server)) as Array<
    [EntryFlowCallName, () => Promise<unknown>]
  >;
  for (const [call, respond] of answers) reopened.api.answerAlways(call, respond);
  // The calls the app made as it started, before the server's answers were set.
  await act(settle);
  for (const [call, respond] of answers) {
    while (reopened.api.isWaiting(call)) {
      await act(async () => {
        await respond().then(
          (value) => reopened.api.resolve(call, value),
          (error: unknown) => reopened.api.reject(call, error),
        );
        await settle();
      });
    }
  }
  await screenLoaded();
  return reopened;
}

// ---- the walk's gestures and answers ----------------------------------------------------

type WalkStep = Step<EntryWalkSnapshot, EventObject>;
const failureShown = ({ state }: WalkStep) => (state.failure ? toast(state.failure) : undefined);

/** The server answers the waiting `call` as the step's event says, and shows what it says. */
async function answered(step: WalkStep, app: EntryApp, call: EntryFlowCallName, success: unknown) {
  await answer(app, step.event, call, success);
  await failureShown(step);
}

/** Types `text` into the field `label`, then presses `submit`. */
const typeAndPress =
  (label: string, text: string, submit: string) => async (_: WalkStep, app: EntryApp) => {
    await typeInto(app, label, text);
    await app.user.click(button(submit));
  };

/** The server texts the code asked for (the code shows as a toast while no SMS is set up). */
async function codeTexted(step: WalkStep, app: EntryApp): Promise<void> {
  app.server.codesTexted += 1;
  await answered(step, app, 'requestCode', { message: 'sent', otp: TEXTED_CODE });
}

const LINK_NAMES: Record<string, string> = {
  '/phone-login': 'I already have an account',
  '/invite-code': 'Sign up with an invitation code',
};

const gestures: Record<string, (step: WalkStep, app: EntryApp) => Promise<unknown>> = {
  'route.opened': async ({ event }, app) => {
    const { path, search } = event as Extract<EntryFlowEvent, { type: 'route.opened' }>;
    // The first address opens the app; later ones are the screen's links.
    if (!app.opened) {
      Object.assign(app, start(app, `${path}${search}`));
      return screenLoaded();
    }
    await app.user.click(screen.getByRole('link', { name: LINK_NAMES[path] }));
  },
  'xstate.done.actor.slides': async (_, app) => {
    await app.user.click(button('Skip'));
    await app.user.click(button('ENTER'));
  },
  [TICKET_REVEAL]: (_, app) =>
    act(async () => {
      app.clock.increment(2500);
      await Promise.resolve();
    }),
  'ticketReceived.forward': (_, app) => app.user.click(button('Continue')),
  'ticketReceived.skip': (_, app) => app.user.click(button('Skip')),
  'xstate.done.actor.checkInviteLink': async (step, app) => {
    app.server.link = 'confirmed';
    await answered(step, app, 'validateInvite', { valid: true });
  },
  'xstate.error.actor.checkInviteLink': async (step, app) => {
    const { status } = (step.event as unknown as { error: ApiFailure }).error;
    app.server.link = status === 0 ? 'offline' : 'refused';
    await answered(step, app, 'validateInvite', null);
  },
  'disclaimer.toggleAgreement': (_, app) => app.user.click(screen.getByRole('checkbox')),
  'disclaimer.submit': (_, app) => app.user.click(button('SUBMIT')),
  'inviteCode.submit': typeAndPress('Invitation code', TYPED_INVITE_CODE, 'Submit'),
  'xstate.done.actor.validateInvite': async (step, app) => {
    await answered(step, app, 'validateInvite', { valid: true });
    await toast('Invitation code received');
  },
  'xstate.error.actor.validateInvite': (step, app) => answered(step, app, 'validateInvite', null),
  'phone.submit': typeAndPress('Mobile number', PHONE_TYPED, 'Enter'),
  'xstate.done.actor.register': async (step, app) => {
    app.server.registered += 1;
    await answered(step, app, 'register', { data: LOGIN.user });
  },
  'xstate.error.actor.register': (step, app) => answered(step, app, 'register', null),
  'login.submitPhone': typeAndPress('Mobile number', PHONE_TYPED, 'Get my code'),
  'xstate.done.actor.requestLoginCode': codeTexted,
  'xstate.error.actor.requestLoginCode': (step, app) => answered(step, app, 'requestCode', null),
  'code.complete': async (_, app) => {
    await app.user.type(screen.getByLabelText('Digit 1'), TEXTED_CODE);
  },
  'code.resend': (_, app) => app.user.click(button('Resend code')),
  'login.changeNumber': (_, app) => app.user.click(button('Change number')),
  'xstate.done.actor.requestCode': codeTexted,
  'xstate.error.actor.requestCode': (step, app) => answered(step, app, 'requestCode', null),
  'xstate.done.actor.verifyCode': async (step, app) => {
    app.server.codesChecked += 1;
    await answered(step, app, 'verifyCode', LOGIN);
    await screenLoaded();
  },
  'xstate.error.actor.verifyCode': (step, app) => answered(step, app, 'verifyCode', null),
};

/** Waits until the running flow and its step are where the model says the step leads. */
async function arrive(app: EntryApp, { state }: WalkStep): Promise<void> {
  const step = state.step?.snapshot ?? null;
  await waitFor(() => {
    const running = app.running();
    expect(running, 'the entry flow is running').not.toBeNull();
    const shown = running!;
    expect(progressOf(shown.flow, shown.step)).toEqual(progressOf(state, step));
    expect(marksOf(shown.step)).toEqual(marksOf(step));
    if (step) expect(shown.step?.value).toEqual(step.value);
  });
}

export const events = Object.fromEntries(
  Object.entries(gestures).map(([type, gesture]) => [
    type,
    async (step: WalkStep, app: EntryApp) => {
      await gesture(step, app);
      await arrive(app, step);
    },
  ]),
);
