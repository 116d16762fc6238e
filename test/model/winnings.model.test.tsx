// Generated paths through the winnings flow, walked through the real pages: the player opens
// /winnings, /grandPrize, /form/has-problem or another address (the app's route sync tells the
// session, which passes it on), the server answers the /grandPrize page's calls, the prize claim
// and the contact form are run through their views to their end, and every state is checked
// against what the player sees and where the flow sends them next.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { useLayoutEffect } from 'react';
import { Route, Switch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import {
  SimulatedClock,
  type ActorRefFrom,
  type AnyActorRef,
  type InspectionEvent,
  type SnapshotFrom,
} from 'xstate';
import type { Step } from 'xstate/graph';
import type { GrandPrize } from '../../contract/api';
import { CONTACT_SENT } from '../../contract/contact';
import type { ContactFormOutput } from '../../machines/winnings/contact-form.machine';
import type { PrizeClaimOutput } from '../../machines/winnings/prize-claim.machine';
import { routeOf } from '../../machines/shared/routes';
import type { ToastEffect } from '../../machines/shared/effects';
import {
  DRAWER_ANIMATION_MS,
  DRAWER_OPEN_DELAY_MS,
} from '../../machines/winnings/winnings-drawer.machine';
import { TOAST_PRIZES_LOAD_FAILED } from '../../machines/winnings/winnings.machine';
import { SessionContext } from '../../src/lib/session-context';
import { ContactUsPage } from '../../src/features/winnings/ContactUsPage';
import { GrandPrizePage } from '../../src/features/winnings/GrandPrizePage';
import { WinningsPage } from '../../src/features/winnings/WinningsDrawer';
import { connectWinnings } from '../../src/features/winnings/winnings-logic';
import { ApiFailure } from '../../src/lib/api';
import { useRootEffects } from '../../src/app/system-sync';
import { useRouteSync } from '../../src/lib/route-sync';
import { CoverageRecorder } from './helpers/coverage';
import {
  answerWhenWaiting,
  CurrentApp,
  describeGeneratedWalks,
  describeWalkCoverage,
  planModel,
} from './helpers/generated-walks';
import { renderUnderSession } from './helpers/session-stand-in';
import { standInRoot } from '../support/root-stand-in';
import {
  choicesOf,
  FakeWinningsApi,
  grandPrizeOf,
  UNANSWERED_WINNINGS_API,
} from './helpers/winnings-fake-api';

// Newest first, as the server lists them: the page claims the newest one not claimed yet.
const NEWEST_CLAIMED = grandPrizeOf('p-3', 750, true);
const NEWER_UNCLAIMED = grandPrizeOf('p-2', 500);
const OLDEST_UNCLAIMED = grandPrizeOf('p-1', 250);
const PRIZES = [NEWEST_CLAIMED, NEWER_UNCLAIMED, OLDEST_UNCLAIMED];
const ALL_CLAIMED = [NEWEST_CLAIMED];
const PRIZE_FAILURE = new ApiFailure(503, null);

const PAYPAL_EMAIL = 'jane@example.com';
const CLAIMED_MESSAGE = `Your $500 prize will be sent to ${PAYPAL_EMAIL} by PayPal.`;
const SUBJECT = 'My coupon';
const MESSAGE = 'The code did not work at checkout.';

/** The addresses a walk opens: the flow's three pages, and one that is none of them. */
const PATHS = ['/winnings', '/grandPrize', '/form/has-problem', '/home'] as const;
type Path = (typeof PATHS)[number];

type FlowEvent =
  | { type: 'route.opened'; path: Path }
  | { type: 'grandPrize.retry' }
  | { type: 'account.deletionFailed' }
  | { type: 'grandPrizes.loaded'; prizes: GrandPrize[] }
  | { type: 'grandPrize.claimed'; prizeId: string }
  | { type: 'xstate.done.actor.loadGrandPrizes'; output: GrandPrize[] }
  | { type: 'xstate.error.actor.loadGrandPrizes'; error: unknown }
  | { type: 'xstate.done.actor.prizeClaim'; output: PrizeClaimOutput }
  | { type: 'xstate.done.actor.contactForm'; output: ContactFormOutput }
  | { type: 'drawer.closed' }
  | { type: 'drawer.contactUs' };

// The model's calls never answer: each path's events say how they end.
const logic = connectWinnings(UNANSWERED_WINNINGS_API);
type FlowSnapshot = SnapshotFrom<typeof logic>;
type FlowActor = ActorRefFrom<typeof logic>;

const CANDIDATES: FlowEvent[] = [
  ...PATHS.map((path) => ({ type: 'route.opened' as const, path })),
  { type: 'grandPrize.retry' },
  // The session could not delete the account the drawer asked it to delete.
  { type: 'account.deletionFailed' },
  // The draw found the player's prizes (at sign-in, when a draw closes); the drawer claimed one.
  { type: 'grandPrizes.loaded', prizes: PRIZES },
  { type: 'grandPrizes.loaded', prizes: ALL_CLAIMED },
  { type: 'grandPrize.claimed', prizeId: NEWER_UNCLAIMED.id },
  { type: 'xstate.done.actor.loadGrandPrizes', output: PRIZES },
  { type: 'xstate.done.actor.loadGrandPrizes', output: ALL_CLAIMED },
  { type: 'xstate.error.actor.loadGrandPrizes', error: PRIZE_FAILURE },
  // The drawer's ways out: it closes (/home next), or the player asks for help.
  { type: 'drawer.closed' },
  { type: 'drawer.contactUs' },
];

/**
 * What the player (and the server) can do next. Opening the address on screen again is no
 * opening (the router stays put): another screen is /home here.
 */
function events(snapshot: FlowSnapshot): FlowEvent[] {
  const here = routeOf(snapshot) ?? '/home';
  const candidates = CANDIDATES.filter(
    (event) => event.type !== 'route.opened' || event.path !== here,
  );
  const prize = snapshot.context.prizeToClaim;
  if (prize) {
    candidates.push({
      type: 'xstate.done.actor.prizeClaim',
      output: { kind: 'grandPrize', claimed: true, prizeId: prize.id, paymentMethod: 'PayPal' },
    });
  }
  candidates.push(
    { type: 'xstate.done.actor.contactForm', output: { sent: true } },
    { type: 'xstate.done.actor.contactForm', output: { sent: false } },
  );
  return candidates;
}

const serialize = (snapshot: FlowSnapshot) =>
  JSON.stringify({ value: snapshot.value, prizeToClaim: snapshot.context.prizeToClaim?.id });

function describeEvent(event: FlowEvent): string {
  switch (event.type) {
    case 'route.opened':
      return `opens ${event.path}`;
    case 'grandPrize.retry':
      return "taps 'Try again'";
    case 'account.deletionFailed':
      return 'a deletion fails';
    case 'grandPrizes.loaded':
      return event.prizes.some((prize) => !prize.claimed)
        ? 'a draw closes with a win'
        : 'the draw finds every prize claimed';
    case 'grandPrize.claimed':
      return 'the drawer claims it';
    case 'xstate.done.actor.loadGrandPrizes':
      return event.output.some((prize) => !prize.claimed)
        ? 'a prize waits for its claim'
        : 'every prize is claimed';
    case 'xstate.error.actor.loadGrandPrizes':
      return 'the prizes fail to load';
    case 'xstate.done.actor.prizeClaim':
      return 'claims it with PayPal, Done';
    case 'xstate.done.actor.contactForm':
      return event.output.sent ? 'sends a message' : "taps 'Back'";
    case 'drawer.closed':
      return 'closes the drawer';
    case 'drawer.contactUs':
      return "taps the drawer's 'Contact Us'";
  }
}

const { model, paths } = planModel({ logic, events, serialize, describeEvent });
const coverage = new CoverageRecorder('winnings');

// ---- the running flow, the session around it, and the pages ------------------------------------

type Running = {
  api: FakeWinningsApi;
  user: ReturnType<typeof userEvent.setup>;
  /** The clock the drawer's delays run on (it stands still unless a step moves it). */
  clock: SimulatedClock;
  flow: FlowActor | null;
  /** The toasts the root emitted. */
  toasts: string[];
  unmount: () => void;
};

/**
 * The session as the flow sees it: it passes on every address the player opens (and a failed
 * deletion), and takes the flow's reports as the root does (machines/shared/root.ts).
 */
function sessionStandIn(flow: typeof logic) {
  return standInRoot({
    id: 'winnings',
    logic: flow,
    forwarded: ['route.opened', 'account.deletionFailed'],
  });
}

/** The shell's one listener to the root: the toasts it emits are shown, and recorded. */
function RootEffects({ toasts }: { toasts: string[] }) {
  const root = SessionContext.useActorRef();
  useRootEffects(root);
  useLayoutEffect(() => {
    const subscription = root.on(
      'toast',
      (effect: ToastEffect) => void toasts.push(effect.message),
    );
    return () => subscription.unsubscribe();
  }, [root, toasts]);
  return null;
}

/** The signed-in app's route sync, as SignedInApp has it: the session hears every opening. */
function RouteSync() {
  useRouteSync(SessionContext.useActorRef(), ({ path }) => ({
    type: 'route.opened' as const,
    path,
  }));
  return null;
}

/** The flow's pages at their addresses, as the signed-in routes mount them. */
function Pages({ toasts }: { toasts: string[] }) {
  return (
    <>
      <RootEffects toasts={toasts} />
      <RouteSync />
      <Switch>
        <Route path="/winnings" component={WinningsPage} />
        <Route path="/grandPrize" component={GrandPrizePage} />
        <Route path="/form/has-problem" component={ContactUsPage} />
        <Route>
          <main aria-label="Elsewhere">Elsewhere</main>
        </Route>
      </Switch>
    </>
  );
}

function open(): Running {
  const api = new FakeWinningsApi();
  api.answerAlways('click', () => Promise.resolve({ message: 'ok' }));
  const clock = new SimulatedClock();
  const running: Running = {
    api,
    user: userEvent.setup(),
    clock,
    flow: null,
    toasts: [],
    unmount: () => undefined,
  };
  const inspect = (event: InspectionEvent) => {
    coverage.inspect(event);
    if (event.type !== '@xstate.actor') return;
    const ref = event.actorRef as AnyActorRef;
    if (ref.id === 'winnings') running.flow = ref as FlowActor;
  };
  window.history.replaceState(null, '', '/home');
  running.unmount = renderUnderSession(
    sessionStandIn(connectWinnings(api)),
    // The drawer's clock stands still unless a step moves it: it stays where it opens.
    { clock, inspect },
    <Pages toasts={running.toasts} />,
  );
  return running;
}

const current = new CurrentApp<Running>('The winnings flow is not running.');
const app = current.get;
const flowActor = current.part(({ flow }) => flow, 'The winnings flow has not started.');
/** The steps the flow runs (the drawer, the prize claim, the contact form), while it runs them. */
const steps = () => flowActor().getSnapshot().children;

// ---- what the player sees ----------------------------------------------------------------------

const button = (name: string) => screen.getByRole('button', { name });
const isDisabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

/** The page on screen is the one the flow names, at its address. */
function expectRoute(route: string | null): void {
  expect(routeOf(flowActor().getSnapshot())).toBe(route);
  if (route !== null) expect(window.location.pathname).toBe(route);
}

const states: Record<string, (snapshot: FlowSnapshot) => Promise<void> | void> = {
  // Another screen: none of the flow's pages, no step running.
  awaitingRoute: () => {
    expectRoute(null);
    screen.getByRole('main', { name: 'Elsewhere' });
    expect(steps().winningsDrawer).toBeUndefined();
    expect(steps().contactForm).toBeUndefined();
  },
  // Done with a page (a claim, a message sent, the drawer closed): /home shows, no step running.
  home: () => {
    expectRoute('/home');
    screen.getByRole('main', { name: 'Elsewhere' });
    expect(steps().winningsDrawer).toBeUndefined();
    expect(steps().prizeClaim).toBeUndefined();
    expect(steps().contactForm).toBeUndefined();
  },
  // /winnings: the drawer, waiting above the screen (its clock stands still here).
  drawer: async () => {
    expectRoute('/winnings');
    const drawer = screen.getByTestId('winnings-drawer');
    expect(drawer.getAttribute('data-panel')).toBe('waiting');
    within(drawer).getByRole('heading', { level: 1, name: 'WINNINGS' });
    within(drawer).getByText('Loading your winnings…');
    await waitFor(() =>
      expect(app().api.callsOf('click').at(-1)).toEqual({
        click: { event_name: 'my_winnings_viewed', page_url: '/winnings' },
      }),
    );
  },
  'grandPrize.loading': () => {
    expectRoute('/grandPrize');
    const main = screen.getByRole('main', { name: 'Loading' });
    expect(main.getAttribute('aria-busy')).toBe('true');
    expect(app().api.isWaiting('grandPrizes')).toBe(true);
  },
  'grandPrize.loadFailed': () => {
    expectRoute('/grandPrize');
    screen.getByText('Your prizes could not be loaded.');
    expect(isDisabled(button('Try again'))).toBe(false);
    expect(app().toasts).toContain(TOAST_PRIZES_LOAD_FAILED);
  },
  'grandPrize.nothingToClaim': () => {
    expectRoute('/grandPrize');
    screen.getByRole('heading', { level: 1, name: 'No prize to claim' });
    screen.getByText(/There is no grand prize waiting for a claim\./);
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');
    expect(steps().prizeClaim).toBeUndefined();
  },
  // The newest prize not claimed yet, with PayPal or Venmo; once claimed, Done goes /home.
  'grandPrize.claiming': () => {
    expectRoute('/grandPrize');
    screen.getByRole('heading', { level: 1, name: 'You won $500' });
    const claim = steps().prizeClaim!;
    expect(claim.getSnapshot().context.prizeId).toBe(NEWER_UNCLAIMED.id);
    expect(claim.getSnapshot().context.offered).toEqual(['PayPal', 'Venmo']);
    screen.getByText('Loading…');
    expect(app().api.callsOf('paymentChoices').at(-1)).toBe(NEWER_UNCLAIMED.id);
  },
  // Contact Us: Subject, Message, Submit and Back; once it is over, where it sends the player.
  contactUs: () => {
    expectRoute('/form/has-problem');
    screen.getByRole('heading', { level: 1, name: 'Contact Us' });
    screen.getByLabelText('Subject');
    screen.getByLabelText('Message');
    expect(steps().contactForm!.getSnapshot().value).toBe('editing');
    expect(isDisabled(button('Submit'))).toBe(false);
    expect(isDisabled(button('Back'))).toBe(false);
  },
};

// ---- the walk ----------------------------------------------------------------------------------

type FlowStep = Step<FlowSnapshot, FlowEvent>;

async function arrive(expected: FlowSnapshot): Promise<void> {
  await waitFor(() => expect(serialize(flowActor().getSnapshot())).toBe(serialize(expected)));
}

const toastShown = (text: string) => screen.findByText(text, {}, { timeout: 2000 });

/** Waits for `call`, then answers it (and lets the answer reach the machines). */
const answerCall = (
  call: 'grandPrizes' | 'paymentChoices' | 'claimPrize' | 'sendContactMessage',
  settle: (api: FakeWinningsApi) => void,
): Promise<void> => answerWhenWaiting(app().api, call, settle);

const executors = {
  // The player opens the address (a tab, a link, Back): the route sync tells the session.
  'route.opened': async (walkStep) => {
    if (walkStep.event.type !== 'route.opened') return;
    const { path } = walkStep.event;
    act(() => navigate(path));
    await arrive(walkStep.state);
  },
  'grandPrize.retry': async (walkStep) => {
    await app().user.click(button('Try again'));
    await arrive(walkStep.state);
  },
  // As the session does when the server refuses a deletion: the drawer hears it, nothing else.
  'account.deletionFailed': async (walkStep) => {
    act(() => {
      (flowActor().system.get('session') as AnyActorRef).send({ type: 'account.deletionFailed' });
    });
    await arrive(walkStep.state);
  },
  // From the draw (or the drawer): the flow hears it, and an open /grandPrize shows the prize.
  'grandPrizes.loaded': async (walkStep) => {
    if (walkStep.event.type !== 'grandPrizes.loaded') return;
    const { prizes } = walkStep.event;
    act(() => flowActor().send({ type: 'grandPrizes.loaded', prizes }));
    await arrive(walkStep.state);
  },
  'grandPrize.claimed': async (walkStep) => {
    if (walkStep.event.type !== 'grandPrize.claimed') return;
    const { prizeId } = walkStep.event;
    act(() => flowActor().send({ type: 'grandPrize.claimed', prizeId }));
    await arrive(walkStep.state);
  },
  'xstate.done.actor.loadGrandPrizes': async (walkStep) => {
    if (walkStep.event.type !== 'xstate.done.actor.loadGrandPrizes') return;
    const prizes = walkStep.event.output;
    await answerCall('grandPrizes', (api) => api.resolve('grandPrizes', { data: prizes }));
    await arrive(walkStep.state);
  },
  'xstate.error.actor.loadGrandPrizes': async (walkStep) => {
    await answerCall('grandPrizes', (api) => api.reject('grandPrizes', PRIZE_FAILURE));
    await arrive(walkStep.state);
    await toastShown(TOAST_PRIZES_LOAD_FAILED);
  },
  // The page offers PayPal and Venmo (the server offers all three); PayPal, the e-mail, Claim,
  // the server's word, Done: the player is sent /home.
  'xstate.done.actor.prizeClaim': async (walkStep) => {
    const { user } = app();
    await answerCall('paymentChoices', (api) =>
      api.resolve('paymentChoices', choicesOf(NEWER_UNCLAIMED.id)),
    );
    const methods = screen.getByRole('group', { name: 'Payout method' });
    expect(
      within(methods)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Claim with PayPal', 'Claim with Venmo']);
    await user.click(within(methods).getByRole('button', { name: 'Claim with PayPal' }));
    await user.type(screen.getByLabelText('PayPal e-mail'), PAYPAL_EMAIL);
    await user.click(button('Claim $500'));
    await answerCall('claimPrize', (api) =>
      api.resolve('claimPrize', {
        data: {
          grand_prize_id: NEWER_UNCLAIMED.id,
          payment_method: 'PayPal',
          message: CLAIMED_MESSAGE,
        },
      }),
    );
    expect(app().api.callsOf('claimPrize')).toEqual([
      { grand_prize_id: NEWER_UNCLAIMED.id, payment_method: 'PayPal', email: PAYPAL_EMAIL },
    ]);
    await screen.findByText(CLAIMED_MESSAGE);
    expect(window.location.pathname).toBe('/grandPrize');
    await user.click(button('Done'));
    await arrive(walkStep.state);
    // Claimed: nothing waits for a claim any more ('Claim your $X prize' leaves /home).
    expect(flowActor().getSnapshot().context.prizeToClaim).toBeNull();
  },
  'xstate.done.actor.contactForm': async (walkStep) => {
    if (walkStep.event.type !== 'xstate.done.actor.contactForm') return;
    const { user } = app();
    if (walkStep.event.output.sent) {
      await user.type(screen.getByLabelText('Subject'), SUBJECT);
      await user.type(screen.getByLabelText('Message'), MESSAGE);
      await user.click(button('Submit'));
      await answerCall('sendContactMessage', (api) =>
        api.resolve('sendContactMessage', { message: CONTACT_SENT }),
      );
      expect(app().api.callsOf('sendContactMessage')).toEqual([
        { subject: SUBJECT, message: MESSAGE },
      ]);
      await toastShown(CONTACT_SENT);
      await waitFor(() => expect(window.location.pathname).toBe('/home'));
    } else {
      await user.click(button('Back'));
      await waitFor(() => expect(window.location.pathname).toBe('/winnings'));
      expect(app().api.count('sendContactMessage')).toBe(0);
      expect(app().toasts).not.toContain(CONTACT_SENT);
    }
    await arrive(walkStep.state);
  },
  // The drawer slides down, the player closes it, it slides back up: /home shows.
  'drawer.closed': async (walkStep) => {
    const { clock } = app();
    act(() => clock.increment(DRAWER_OPEN_DELAY_MS));
    act(() => clock.increment(DRAWER_ANIMATION_MS));
    await app().user.click(screen.getByRole('button', { name: 'Close' }));
    expect(window.location.pathname).toBe('/winnings');
    act(() => clock.increment(DRAWER_ANIMATION_MS));
    await waitFor(() => expect(window.location.pathname).toBe('/home'));
    await arrive(walkStep.state);
  },
  'drawer.contactUs': async (walkStep) => {
    await app().user.click(button('Contact Us'));
    await waitFor(() => expect(window.location.pathname).toBe('/form/has-problem'));
    await arrive(walkStep.state);
  },
} satisfies Record<FlowEvent['type'], (walkStep: FlowStep) => Promise<void>>;

describeGeneratedWalks('the winnings flow, generated paths through the pages', {
  walks: paths.map((path) => ({
    name: path.description || '(signed in)',
    walk: null,
    model,
    path,
  })),
  start: () => current.hold(open(), (running) => running.unmount()),
  arrive,
  events: executors,
  states,
});

describeWalkCoverage('the winnings flow, coverage of the walk', {
  logic,
  states,
  coverage,
  chart: { states: 10, transitions: 18 },
});
