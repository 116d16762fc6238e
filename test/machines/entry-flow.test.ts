import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type ActorRefFrom, type EventObject } from 'xstate';
import { connectEntryFlow } from '../../machines/entry-flow/connect';
import type {
  entryFlowMachine,
  EntryFlowEmitted,
  EntryFlowInput,
} from '../../machines/entry-flow/entry-flow.machine';
import type { EntryScreenEvent, EntryStepId } from '../../machines/entry-flow/entry-flow.steps';
import {
  SKIP_SLIDE_INDEX,
  STARTING_SLIDE_COUNT,
} from '../../machines/entry-flow/starting-page.machine';
import type { SlidesContext } from '../../machines/shared/slides.machine';
import { ROOT_ID, standInRoot } from '../support/root-stand-in';
import { runningChain, screenCan, sendToScreen, where } from './running-steps';
import type { EntryPath } from '../../machines/entry-flow/entry-flow.routes';
import {
  selectIsAccountDeletedNoticeShown,
  selectNavigationState,
} from '../../machines/entry-flow/entry-flow.selectors';
import { followRoutes } from './route-sync-miniature';
import { ApiFailure } from '../../src/lib/api';
import { FakeEntryFlowApi } from '../model/helpers/fake-entry-flow-api';
import { LOGIN, PHONE_NUMBER } from '../model/helpers/entry-flow-model';
import { settle } from '../support/settle';

const LINK_CODE = 'LINK2025';

/** What the flow emits for the app, what it tells the session, and the login it ends with. */
type Told =
  | EntryFlowEmitted
  | Navigated
  | { type: 'session.termsAccepted' }
  | { type: 'output'; login: unknown };

/** Where the route sync moved the address bar, as the flow's screens asked. */
type Navigated = {
  type: 'navigate';
  to: string;
  state?: Record<string, unknown>;
  replace?: true;
};

function start(input: Partial<EntryFlowInput> = {}) {
  const api = new FakeEntryFlowApi();
  const clock = new SimulatedClock();
  const emitted: Told[] = [];
  // The flow runs as the session's child, as in the app, under a stand-in root that emits what
  // the flow asks for and passes on the addresses the visitor opens.
  const root = createActor(
    standInRoot({
      id: 'entryFlow',
      logic: connectEntryFlow(api),
      input: { hasAcceptedTerms: false, isDesktop: false, storedInviteCode: null, ...input },
      heard: {
        'session.termsAccepted': () => void emitted.push({ type: 'session.termsAccepted' }),
      },
      forwarded: ['route.opened'],
      done: (login) => void emitted.push({ type: 'output', login }),
    }),
    { clock, systemId: ROOT_ID },
  );
  root.on('*', (effect) => void emitted.push(effect as EntryFlowEmitted));
  root.start();
  const actor = root.getSnapshot().children.entryFlow as ActorRefFrom<typeof entryFlowMachine>;
  const routes = followRoutes(root, (move) =>
    emitted.push({
      type: 'navigate',
      to: move.to,
      ...(move.state ? { state: move.state } : {}),
      ...(move.replace ? { replace: true as const } : {}),
    }),
  );
  const open = (path: EntryPath, search = '', navigationState: unknown = null) =>
    routes.opening(path, () =>
      root.send({ type: 'route.opened', path, search, navigationState } as EventObject),
    );
  const send = (event: EntryScreenEvent) => sendToScreen(actor, event);
  const can = (event: EntryScreenEvent) => screenCan(actor, event);
  /** The context of the running step `id`. */
  const step = <T>(id: EntryStepId): T =>
    (actor.getSnapshot().children[id]?.getSnapshot() as unknown as { context: T }).context;
  const slides = () =>
    runningChain(actor).at(-1)!.getSnapshot() as unknown as {
      context: SlidesContext;
    };
  const toasts = () =>
    emitted.flatMap((e) =>
      e.type === 'toast' ? [{ message: e.message, variant: e.variant }] : [],
    );
  const navigations = () => emitted.filter((e): e is Navigated => e.type === 'navigate');
  return {
    actor,
    api,
    clock,
    emitted,
    open,
    send,
    can,
    step,
    slides,
    where: () => where(actor),
    toasts,
    navigations,
  };
}

/** Lets the fake calls' answers reach the machine. */
function atWelcomeSlide(flow: ReturnType<typeof start>) {
  flow.api.answerAlways('countInviteClick', () => Promise.resolve({ message: 'counted' }));
  flow.open('/', `?code=${LINK_CODE}`);
  flow.send({ type: 'slides.skip' });
  return flow;
}

async function atPhoneEntry(
  flow = start({ storedInviteCode: 'BLACK2025', hasAcceptedTerms: true }),
) {
  flow.open('/onboarding');
  expect(flow.where()).toEqual({ onboarding: { enteringPhone: 'enteringPhone' } });
  await settle();
  return flow;
}

function atVerification(flow = start()) {
  flow.open('/login', '', { phoneNumber: PHONE_NUMBER });
  return flow;
}

describe('entry flow: the starting page of an invite link', () => {
  it('waits for the first page to say where the visitor is', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('awaitingRoute');
  });

  it('opens the slides for /?code= and counts the invite click', async () => {
    const flow = start();
    flow.api.answerAlways('countInviteClick', () => Promise.resolve({ message: 'counted' }));
    flow.open('/', `?code=${LINK_CODE}`);
    await settle();
    expect(flow.where()).toEqual({ startingPage: 'slides' });
    expect(flow.slides().context.index).toBe(0);
    expect(flow.api.callsOf('countInviteClick')).toEqual([LINK_CODE]);
  });

  it('ignores a failure to count the click', async () => {
    const flow = start();
    flow.api.answerAlways('countInviteClick', () => Promise.reject(new ApiFailure(0, null)));
    flow.open('/', `?code=${LINK_CODE}`);
    await settle();
    expect(flow.actor.getSnapshot().status).toBe('active');
    expect(flow.where()).toEqual({ startingPage: 'slides' });
    expect(flow.toasts()).toEqual([]);
  });

  it('moves through the slides with the arrow and back, ENTER only on the last', () => {
    const flow = start();
    flow.api.answerAlways('countInviteClick', () => Promise.resolve({}));
    flow.open('/', `?code=${LINK_CODE}`);
    expect(flow.can({ type: 'slides.previous' })).toBe(false);
    for (let i = 1; i < STARTING_SLIDE_COUNT; i += 1) {
      expect(flow.can({ type: 'slides.finish' })).toBe(false);
      flow.send({ type: 'slides.next' });
      expect(flow.slides().context.index).toBe(i);
    }
    // The welcome slide: no arrow, ENTER instead.
    expect(flow.can({ type: 'slides.next' })).toBe(false);
    expect(flow.can({ type: 'slides.finish' })).toBe(true);
    flow.send({ type: 'slides.previous' });
    expect(flow.slides().context.index).toBe(STARTING_SLIDE_COUNT - 2);
  });

  it('Skip jumps to slide index 6 and hides the arrow', () => {
    const flow = start();
    flow.api.answerAlways('countInviteClick', () => Promise.resolve({}));
    flow.open('/', `?code=${LINK_CODE}`);
    flow.send({ type: 'slides.next' });
    flow.send({ type: 'slides.skip' });
    expect(SKIP_SLIDE_INDEX).toBe(6);
    expect(flow.slides().context.index).toBe(6);
    expect(flow.slides().context.isArrowHidden).toBe(true);
    expect(flow.can({ type: 'slides.next' })).toBe(false);
    expect(flow.can({ type: 'slides.skip' })).toBe(false);
  });

  it('shows the ticket for exactly 2.5 s after ENTER, blurred until its image loads', () => {
    const flow = atWelcomeSlide(start());
    flow.send({ type: 'slides.finish' });
    expect(flow.where()).toEqual({ startingPage: 'revealingTicket' });
    expect(flow.step<{ isTicketImageLoaded: boolean }>('startingPage').isTicketImageLoaded).toBe(
      false,
    );
    flow.send({ type: 'ticket.imageLoaded' });
    expect(flow.step<{ isTicketImageLoaded: boolean }>('startingPage').isTicketImageLoaded).toBe(
      true,
    );
    flow.clock.increment(2499);
    expect(flow.where()).toEqual({ startingPage: 'revealingTicket' });
    flow.clock.increment(1);
    expect(flow.where()).toEqual({ startingPage: 'ticketReceived' });
  });

  it("a reload after the ticket was received opens at 'one entry ticket received'", () => {
    const flow = atWelcomeSlide(start());
    flow.send({ type: 'slides.finish' });
    flow.clock.increment(2500);
    // The address's history state keeps the page's progress.
    const kept = selectNavigationState(flow.actor.getSnapshot());
    expect(kept).toEqual({ ticketReceived: true });

    const reloaded = start();
    reloaded.api.answerAlways('countInviteClick', () => Promise.resolve({ message: 'counted' }));
    reloaded.open('/', `?code=${LINK_CODE}`, kept);
    expect(reloaded.where()).toEqual({ startingPage: 'ticketReceived' });
    // Without it (a first opening), the slides.
    const opened = start();
    opened.api.answerAlways('countInviteClick', () => Promise.resolve({ message: 'counted' }));
    opened.open('/', `?code=${LINK_CODE}`);
    expect(opened.where()).toEqual({ startingPage: 'slides' });
  });

  it('the arrow goes to /onboarding with the code, the disclaimer first', () => {
    const flow = atWelcomeSlide(start());
    flow.send({ type: 'slides.finish' });
    flow.clock.increment(2500);
    flow.send({ type: 'ticketReceived.forward' });
    expect(flow.navigations().at(-1)).toEqual({
      type: 'navigate',
      to: '/onboarding',
      state: { inviteCode: LINK_CODE, skipDisclaimers: false },
      replace: true,
    });
    expect(flow.where()).toEqual({ onboarding: { acceptingTerms: 'reading' } });
    expect(flow.actor.getSnapshot().context.inviteCode).toBe(LINK_CODE);
  });

  it('the arrow goes straight to the phone once the terms were accepted', () => {
    const flow = atWelcomeSlide(start({ hasAcceptedTerms: true }));
    flow.send({ type: 'slides.finish' });
    flow.clock.increment(2500);
    flow.send({ type: 'ticketReceived.forward' });
    expect(flow.where()).toEqual({ onboarding: { enteringPhone: 'enteringPhone' } });
  });

  it('Skip goes to /onboarding with the code and skipDisclaimers', () => {
    const flow = atWelcomeSlide(start());
    flow.send({ type: 'slides.finish' });
    flow.clock.increment(2500);
    flow.send({ type: 'ticketReceived.skip' });
    // The starting page is seen once: /onboarding replaces the link, so Back does not replay it.
    expect(flow.navigations().at(-1)).toEqual({
      type: 'navigate',
      to: '/onboarding',
      state: { inviteCode: LINK_CODE, skipDisclaimers: true },
      replace: true,
    });
    expect(flow.where()).toEqual({ onboarding: { enteringPhone: 'enteringPhone' } });
  });

  it('a reload of the address the flow moved to lands on the same step', () => {
    const flow = atWelcomeSlide(start());
    flow.send({ type: 'slides.finish' });
    flow.clock.increment(2500);
    flow.send({ type: 'ticketReceived.skip' });
    const moved = flow.navigations().at(-1);
    // A new page load: the same flow input, the address and its history state.
    const reloaded = start();
    reloaded.open('/onboarding', '', moved?.state ?? null);
    expect(reloaded.where()).toEqual({ onboarding: { enteringPhone: 'enteringPhone' } });
    expect(reloaded.actor.getSnapshot().context.inviteCode).toBe(LINK_CODE);
  });
});

describe("entry flow: the invite link's code is checked when the starting page opens", () => {
  function opened() {
    const flow = start();
    flow.api.answerAlways('countInviteClick', () => Promise.resolve({}));
    flow.open('/', `?code=${LINK_CODE}`);
    expect(flow.api.callsOf('validateInvite')).toEqual([{ invite_code: LINK_CODE }]);
    return flow;
  }

  it('keeps a valid code on the device while the visitor reads the slides', async () => {
    const flow = opened();
    flow.send({ type: 'slides.next' });
    flow.api.resolve('validateInvite', { valid: true });
    await settle();
    expect(flow.where()).toEqual({ startingPage: 'slides' });
    expect(flow.slides().context.index).toBe(1);
    expect(flow.actor.getSnapshot().context.storedInviteCode).toBe(LINK_CODE);
    expect(flow.toasts()).toEqual([]);
  });

  it("leads to /invite-code with 'Invalid Code' when the server refuses the code", async () => {
    const flow = opened();
    flow.send({ type: 'slides.skip' });
    flow.api.reject('validateInvite', new ApiFailure(404, 'Invalid invite code'));
    await settle();
    expect(flow.where()).toEqual({ inviteCode: 'entering' });
    expect(flow.navigations()).toEqual([{ type: 'navigate', to: '/invite-code', replace: true }]);
    expect(flow.toasts()).toEqual([{ message: 'Invalid Code', variant: 'error' }]);
  });

  it('lets the visitor on when the check cannot reach the server', async () => {
    const flow = opened();
    flow.api.reject('validateInvite', new ApiFailure(0, null));
    await settle();
    expect(flow.where()).toEqual({ startingPage: 'slides' });
    expect(flow.actor.getSnapshot().context.storedInviteCode).toBeNull();
    expect(flow.emitted).toEqual([]);
  });
});

describe('entry flow: the disclaimer', () => {
  it('on a phone, SUBMIT is enabled only once the box is ticked', () => {
    const flow = start();
    flow.open('/');
    expect(flow.where()).toEqual({ disclaimer: 'reading' });
    expect(flow.can({ type: 'disclaimer.submit' })).toBe(false);
    flow.send({ type: 'disclaimer.toggleAgreement' });
    expect(flow.can({ type: 'disclaimer.submit' })).toBe(true);
    flow.send({ type: 'disclaimer.toggleAgreement' });
    expect(flow.can({ type: 'disclaimer.submit' })).toBe(false);
  });

  it('submitting accepts the terms and goes to /invite-code', () => {
    const flow = start();
    flow.open('/disclaimer');
    flow.send({ type: 'disclaimer.toggleAgreement' });
    flow.send({ type: 'disclaimer.submit' });
    expect(flow.where()).toEqual({ inviteCode: 'entering' });
    expect(flow.emitted).toEqual([
      { type: 'session.termsAccepted' },
      { type: 'navigate', to: '/invite-code' },
    ]);
  });

  it('on a desktop, SUBMIT is enabled without a box', () => {
    const flow = start({ isDesktop: true });
    flow.open('/disclaimer');
    expect(flow.can({ type: 'disclaimer.toggleAgreement' })).toBe(false);
    expect(flow.can({ type: 'disclaimer.submit' })).toBe(true);
  });

  it("says 'Your account was deleted' right after a deletion, until the player moves on", () => {
    const flow = start({ accountDeleted: true });
    flow.open('/disclaimer');
    expect(selectIsAccountDeletedNoticeShown(flow.actor.getSnapshot())).toBe(true);
    flow.open('/invite-code');
    flow.open('/disclaimer');
    expect(flow.where()).toEqual({ disclaimer: 'reading' });
    expect(selectIsAccountDeletedNoticeShown(flow.actor.getSnapshot())).toBe(false);
  });

  it('says nothing of a deletion on a normal visit', () => {
    const flow = start();
    flow.open('/disclaimer');
    expect(selectIsAccountDeletedNoticeShown(flow.actor.getSnapshot())).toBe(false);
  });

  it.each(['/', '/disclaimer'] as const)(
    'redirects %s to /invite-code once the terms are accepted',
    (path) => {
      const flow = start({ hasAcceptedTerms: true });
      flow.open(path);
      expect(flow.where()).toEqual({ inviteCode: 'entering' });
      expect(flow.navigations()).toEqual([{ type: 'navigate', to: '/invite-code', replace: true }]);
    },
  );
});

describe('entry flow: the invite code', () => {
  it('a valid code is kept, toasted and leads to /onboarding', async () => {
    const flow = start({ hasAcceptedTerms: true });
    flow.open('/invite-code');
    flow.send({ type: 'inviteCode.submit', inviteCode: ' BLACK2025 ' });
    expect(flow.where()).toEqual({ inviteCode: 'validating' });
    expect(flow.api.callsOf('validateInvite')).toEqual([{ invite_code: 'BLACK2025' }]);
    flow.api.resolve('validateInvite', { valid: true });
    await settle();
    expect(flow.where()).toEqual({ onboarding: { enteringPhone: 'enteringPhone' } });
    expect(flow.actor.getSnapshot().context.inviteCode).toBe('BLACK2025');
    // Kept for the device (storage key inviteCode).
    expect(flow.actor.getSnapshot().context.storedInviteCode).toBe('BLACK2025');
    expect(flow.emitted).toEqual([
      { type: 'toast', message: 'Invitation code received', variant: 'success' },
      {
        type: 'navigate',
        to: '/onboarding',
        state: { inviteCode: 'BLACK2025', skipDisclaimers: false },
      },
    ]);
  });

  it('shows the disclaimer on /onboarding when the terms are not accepted yet', async () => {
    const flow = start();
    flow.open('/invite-code');
    flow.send({ type: 'inviteCode.submit', inviteCode: 'BLACK2025' });
    flow.api.resolve('validateInvite', { valid: true });
    await settle();
    expect(flow.where()).toEqual({ onboarding: { acceptingTerms: 'reading' } });
    flow.send({ type: 'disclaimer.toggleAgreement' });
    flow.send({ type: 'disclaimer.submit' });
    expect(flow.where()).toEqual({ onboarding: { enteringPhone: 'enteringPhone' } });
    expect(flow.emitted).toContainEqual({ type: 'session.termsAccepted' });
  });

  it("answers a refused code with 'Invalid Code'", async () => {
    const flow = start();
    flow.open('/invite-code');
    flow.send({ type: 'inviteCode.submit', inviteCode: 'NOPE' });
    flow.api.reject('validateInvite', new ApiFailure(404, 'Invalid invite code'));
    await settle();
    expect(flow.where()).toEqual({ inviteCode: 'entering' });
    expect(flow.toasts()).toEqual([{ message: 'Invalid Code', variant: 'error' }]);
  });

  it("answers a network failure with 'An unexpected error occurred'", async () => {
    const flow = start();
    flow.open('/invite-code');
    flow.send({ type: 'inviteCode.submit', inviteCode: 'BLACK2025' });
    flow.api.reject('validateInvite', new ApiFailure(0, null));
    await settle();
    expect(flow.toasts()).toEqual([{ message: 'An unexpected error occurred', variant: 'error' }]);
  });

  it('takes at most 11 characters', () => {
    const flow = start();
    flow.open('/invite-code');
    expect(flow.can({ type: 'inviteCode.submit', inviteCode: 'A'.repeat(12) })).toBe(false);
    expect(flow.can({ type: 'inviteCode.submit', inviteCode: 'A'.repeat(11) })).toBe(true);
    expect(flow.can({ type: 'inviteCode.submit', inviteCode: '  ' })).toBe(false);
  });
});

describe('entry flow: onboarding', () => {
  it('takes the invite code from ?invite_code first, then navigation state, then the device', () => {
    const fromQuery = start({ storedInviteCode: 'STORED' });
    fromQuery.open('/onboarding', '?invite_code=QUERY', { inviteCode: 'STATE' });
    expect(fromQuery.actor.getSnapshot().context.inviteCode).toBe('QUERY');

    const fromState = start({ storedInviteCode: 'STORED' });
    fromState.open('/onboarding', '', { inviteCode: 'STATE' });
    expect(fromState.actor.getSnapshot().context.inviteCode).toBe('STATE');

    const fromDevice = start({ storedInviteCode: 'STORED' });
    fromDevice.open('/onboarding');
    expect(fromDevice.actor.getSnapshot().context.inviteCode).toBe('STORED');
  });

  it('asks for an invite code when there is none', () => {
    const flow = start();
    flow.open('/onboarding');
    expect(flow.where()).toEqual({ inviteCode: 'entering' });
    expect(flow.navigations()).toEqual([{ type: 'navigate', to: '/invite-code', replace: true }]);
  });

  it('registers the phone with the invite code; 201 goes to /login with the phone', async () => {
    const flow = await atPhoneEntry();
    flow.send({ type: 'phone.submit', phoneNumber: PHONE_NUMBER });
    expect(flow.where()).toEqual({ onboarding: { enteringPhone: 'registering' } });
    expect(flow.can({ type: 'phone.submit', phoneNumber: PHONE_NUMBER })).toBe(false);
    expect(flow.api.callsOf('register')).toEqual([
      { phone_number: PHONE_NUMBER, invite_code: 'BLACK2025' },
    ]);
    flow.api.resolve('register', { data: LOGIN.user });
    await settle();
    expect(flow.navigations().at(-1)).toEqual({
      type: 'navigate',
      to: '/login',
      state: { phoneNumber: PHONE_NUMBER },
    });
    expect(flow.where()).toEqual({ verification: 'requestingCode' });
    expect(flow.api.callsOf('requestCode')).toEqual([{ phone_number: PHONE_NUMBER }]);
  });

  it('409 (already registered) also goes to /login', async () => {
    const flow = await atPhoneEntry();
    flow.send({ type: 'phone.submit', phoneNumber: PHONE_NUMBER });
    flow.api.reject('register', new ApiFailure(409, 'Phone number is already registered'));
    await settle();
    expect(flow.where()).toEqual({ verification: 'requestingCode' });
    expect(flow.toasts()).toEqual([]);
  });

  it('shows the first error detail of any other failure', async () => {
    const flow = await atPhoneEntry();
    flow.send({ type: 'phone.submit', phoneNumber: PHONE_NUMBER });
    flow.api.reject('register', new ApiFailure(422, 'This invite code has been used up'));
    await settle();
    expect(flow.where()).toEqual({ onboarding: { enteringPhone: 'enteringPhone' } });
    expect(flow.toasts()).toEqual([
      { message: 'This invite code has been used up', variant: 'error' },
    ]);
  });

  it("shows 'Server Error' when the failure has no detail", async () => {
    const flow = await atPhoneEntry();
    flow.send({ type: 'phone.submit', phoneNumber: PHONE_NUMBER });
    flow.api.reject('register', new ApiFailure(500, null));
    await settle();
    expect(flow.toasts()).toEqual([{ message: 'Server Error', variant: 'error' }]);
  });

  it('refuses a number that is not a US mobile number with its leading 1', async () => {
    const flow = await atPhoneEntry();
    for (const phoneNumber of ['2025550123', '11025550123', '1202555012', '']) {
      expect(flow.can({ type: 'phone.submit', phoneNumber })).toBe(false);
    }
  });
});

describe('entry flow: a returning player asks for a code', () => {
  it('goes to /login with the phone and shows the texted code there, without asking twice', async () => {
    const flow = start();
    flow.open('/phone-login');
    flow.send({ type: 'login.submitPhone', phoneNumber: PHONE_NUMBER });
    expect(flow.where()).toEqual({ phoneLogin: 'requestingCode' });
    flow.api.resolve('requestCode', { message: 'sent', otp: '4821' });
    await settle();
    expect(flow.where()).toEqual({ verification: 'awaitingCode' });
    expect(flow.emitted).toEqual([
      { type: 'toast', message: '4821', variant: 'info', key: 'entry-code-sent', persist: true },
      { type: 'navigate', to: '/login', state: { phoneNumber: PHONE_NUMBER, codeSent: true } },
    ]);
    // Arriving at /login is the app following the flow, not an opening: nothing asked again.
    expect(flow.api.callsOf('requestCode')).toHaveLength(1);
  });

  it('shows the server detail of a 422', async () => {
    const flow = start();
    flow.open('/phone-login');
    flow.send({ type: 'login.submitPhone', phoneNumber: PHONE_NUMBER });
    flow.api.reject('requestCode', new ApiFailure(422, 'Phone number is not valid'));
    await settle();
    expect(flow.where()).toEqual({ phoneLogin: 'entering' });
    expect(flow.toasts()).toEqual([{ message: 'Phone number is not valid', variant: 'error' }]);
  });

  it.each([404, 500, 0])("answers any other failure (%i) with 'Not registered'", async (status) => {
    const flow = start();
    flow.open('/phone-login');
    flow.send({ type: 'login.submitPhone', phoneNumber: PHONE_NUMBER });
    flow.api.reject('requestCode', new ApiFailure(status, 'No player has this phone number'));
    await settle();
    expect(flow.toasts()).toEqual([{ message: 'Not registered', variant: 'error' }]);
    // Only a number the server does not know is a reason to offer signing up.
    expect(flow.step<{ isNotRegistered: boolean }>('phoneLogin').isNotRegistered).toBe(
      status === 404,
    );
    flow.send({ type: 'login.submitPhone', phoneNumber: PHONE_NUMBER });
    expect(flow.step<{ isNotRegistered: boolean }>('phoneLogin').isNotRegistered).toBe(false);
  });
});

describe('entry flow: verification', () => {
  it('requests the code on opening and shows the otp until the screen is left', async () => {
    const flow = atVerification();
    expect(flow.where()).toEqual({ verification: 'requestingCode' });
    expect(flow.api.callsOf('requestCode')).toEqual([{ phone_number: PHONE_NUMBER }]);
    flow.api.resolve('requestCode', { message: 'sent', otp: '4821' });
    await settle();
    expect(flow.where()).toEqual({ verification: 'awaitingCode' });
    expect(flow.emitted).toEqual([
      { type: 'toast', message: '4821', variant: 'info', key: 'entry-code-sent', persist: true },
    ]);
    flow.open('/phone-login');
    expect(flow.emitted.at(-1)).toEqual({ type: 'dismissToast', key: 'entry-code-sent' });
  });

  it('keeps the code on its way in the history state: a reload waits for it, asks for none', async () => {
    const flow = atVerification();
    expect(selectNavigationState(flow.actor.getSnapshot())).toEqual({
      phoneNumber: PHONE_NUMBER,
    });
    flow.api.resolve('requestCode', { message: 'sent', otp: '4821' });
    await settle();
    const kept = selectNavigationState(flow.actor.getSnapshot());
    expect(kept).toEqual({ phoneNumber: PHONE_NUMBER, codeSent: true });

    // A new text would void the code on its way: the reloaded screen waits for it.
    const reloaded = start();
    reloaded.open('/login', '', kept);
    expect(reloaded.where()).toEqual({ verification: 'awaitingCode' });
    expect(reloaded.api.callsOf('requestCode')).toHaveLength(0);
  });

  it("says 'Your code has been sent' when the answer carries no otp", async () => {
    const flow = atVerification();
    flow.api.resolve('requestCode', { message: 'sent' });
    await settle();
    expect(flow.toasts()).toEqual([{ message: 'Your code has been sent', variant: 'info' }]);
  });

  it("says 'There was a problem sending the code.' when the request fails", async () => {
    const flow = atVerification();
    flow.api.reject('requestCode', new ApiFailure(429, 'Too many codes requested'));
    await settle();
    expect(flow.where()).toEqual({ verification: 'awaitingCode' });
    expect(flow.toasts()).toEqual([
      { message: 'There was a problem sending the code.', variant: 'error' },
    ]);
  });

  async function codeEntered() {
    const flow = atVerification();
    flow.api.resolve('requestCode', { message: 'sent', otp: '4821' });
    await settle();
    flow.emitted.length = 0;
    expect(flow.can({ type: 'code.complete', code: '482' })).toBe(false);
    flow.send({ type: 'code.complete', code: '4821' });
    return flow;
  }

  it("signs in on success: 'Loading...', 'Validation Succesful', onSignedIn, then /home", async () => {
    const flow = await codeEntered();
    expect(flow.where()).toEqual({ verification: 'verifying' });
    expect(flow.api.callsOf('verifyCode')).toEqual([{ phone_number: PHONE_NUMBER, code: '4821' }]);
    flow.api.resolve('verifyCode', LOGIN);
    await settle();
    expect(flow.where()).toBe('signedIn');
    expect(flow.emitted).toEqual([
      { type: 'toast', message: 'Loading...', variant: 'loading', key: 'entry-verifying' },
      { type: 'dismissToast', key: 'entry-verifying' },
      { type: 'toast', message: 'Validation Succesful', variant: 'success' },
      // The code's toast goes with the code boxes.
      { type: 'dismissToast', key: 'entry-code-sent' },
      // The flow's output: the session signs the player in with it (and shows /home).
      { type: 'output', login: LOGIN },
    ]);
  });

  it("answers a wrong code (401) with 'Invalid Code' and clears it for retyping", async () => {
    const flow = await codeEntered();
    flow.api.reject('verifyCode', new ApiFailure(401, 'Wrong code'));
    await settle();
    expect(flow.where()).toEqual({ verification: 'awaitingCode' });
    expect(flow.step<{ code: string }>('verification').code).toBe('');
    expect(flow.toasts().at(-1)).toEqual({ message: 'Invalid Code', variant: 'error' });
    flow.send({ type: 'code.complete', code: '4822' });
    expect(flow.api.callsOf('verifyCode')).toHaveLength(2);
  });

  it("answers any other failure with 'Server Error'", async () => {
    const flow = await codeEntered();
    flow.api.reject('verifyCode', new ApiFailure(500, null));
    await settle();
    expect(flow.where()).toEqual({ verification: 'awaitingCode' });
    expect(flow.toasts().at(-1)).toEqual({ message: 'Server Error', variant: 'error' });
  });

  it('sends the player to /phone-login without a phone number in navigation state', async () => {
    const flow = start();
    flow.open('/login', '', { phoneNumber: 'not a phone' });
    await settle();
    expect(flow.where()).toEqual({ phoneLogin: 'entering' });
    expect(flow.navigations()).toEqual([{ type: 'navigate', to: '/phone-login', replace: true }]);
    expect(flow.api.calls).toEqual([]);
  });

  it('sends a new code on Resend code, voiding the boxes typed so far', async () => {
    const flow = atVerification();
    flow.api.resolve('requestCode', { otp: '1111' });
    await settle();
    flow.send({ type: 'code.complete', code: '4821' });
    flow.api.reject('verifyCode', new ApiFailure(401, null));
    await settle();
    expect(flow.can({ type: 'code.resend' })).toBe(true);
    flow.send({ type: 'code.resend' });
    expect(flow.where()).toEqual({ verification: 'requestingCode' });
    expect(flow.emitted).toContainEqual({ type: 'dismissToast', key: 'entry-code-sent' });
    flow.api.resolve('requestCode', { otp: '2222' });
    await settle();
    expect(flow.api.callsOf('requestCode')).toHaveLength(2);
    expect(flow.where()).toEqual({ verification: 'awaitingCode' });
    expect(flow.toasts().at(-1)).toEqual({ message: '2222', variant: 'info' });
  });

  it('goes back to the number on Change number, but not while a code is checked', async () => {
    const flow = atVerification();
    expect(flow.can({ type: 'login.changeNumber' })).toBe(false);
    flow.api.resolve('requestCode', { otp: '1111' });
    await settle();
    flow.send({ type: 'code.complete', code: '4821' });
    expect(flow.can({ type: 'login.changeNumber' })).toBe(false);
    expect(flow.can({ type: 'code.resend' })).toBe(false);
    flow.api.reject('verifyCode', new ApiFailure(401, null));
    await settle();
    flow.send({ type: 'login.changeNumber' });
    expect(flow.where()).toEqual({ phoneLogin: 'entering' });
    expect(flow.navigations().at(-1)).toEqual({ type: 'navigate', to: '/phone-login' });
    expect(flow.emitted).toContainEqual({ type: 'dismissToast', key: 'entry-code-sent' });
  });

  it('lands in the matching state when the visitor goes Back', async () => {
    const flow = atVerification(start({ hasAcceptedTerms: true, storedInviteCode: 'BLACK2025' }));
    flow.open('/onboarding');
    expect(flow.where()).toEqual({ onboarding: { enteringPhone: 'enteringPhone' } });
    expect(flow.emitted).toContainEqual({ type: 'dismissToast', key: 'entry-code-sent' });
    flow.open('/', `?code=${LINK_CODE}`);
    await settle();
    expect(flow.where()).toEqual({ startingPage: 'slides' });
  });
});
