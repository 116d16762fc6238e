// The winnings flow's resting states (the drawer at /winnings, /grandPrize when the prizes
// failed to load or none waits for a claim, Contact Us opened from the drawer, /home once the
// drawer closed, with or without a prize waiting for its claim, and /home once a message is
// sent), each reached on the flow model's shortest path through the real signed-in app with the
// model test's gestures (helpers/winnings-gestures.ts; a draw closing with a win comes through
// the draw, from the server), then reloaded and left with Back (see
// helpers/reload-and-back.tsx): after a reload the same page shows, and Back lands where it
// stays, claiming nothing and sending nothing twice. The states inside the drawer are walked by
// winnings-drawer.reload-back.test.tsx, the prize claim's by prize-claim.reload-back.test.tsx,
// a draw's record (/draws/{id}) by winnings-draw-record.reload-back.test.tsx.
import { act, screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { routeOf } from '../../machines/shared/routes';
import { settle } from '../support/settle';
import { describeReloadAndBack, hasScreen } from './helpers/reload-and-back';
import { arrive, executors, type FlowStep } from './helpers/winnings-gestures';
import { current, type Running } from './helpers/winnings-harness';
import {
  events,
  logic,
  serialize,
  type FlowActor,
  type FlowEvent,
  type FlowSnapshot,
} from './helpers/winnings-model';
import {
  actorOf,
  afterBack,
  expectHome,
  holding,
  openApp,
  slideDown,
  stepsDone,
  type WinningsApp,
} from './helpers/winnings-reload-app';
import { WinningsServer } from './helpers/winnings-reload-server';
import { modelOf } from './helpers/winnings-reload-walk';

/**
 * The flow's model as the player takes it: Contact Us opened from the drawer, as the app offers
 * it (no tab or link opens its address), and none of the events `without`.
 */
const modelWithout = (without: readonly FlowEvent['type'][]) =>
  modelOf<FlowSnapshot, FlowEvent>(
    logic,
    (snapshot) =>
      events(snapshot).filter(
        (event) =>
          !without.includes(event.type) &&
          (event.type !== 'route.opened' ||
            (event.path !== '/form/has-problem' && !event.path.startsWith('/draws/'))),
      ),
    serialize,
  );

/** The app as the flow's gestures reach it (helpers/winnings-harness.tsx). */
const held = holding(current, (app: WinningsApp): Running => ({
  api: app.api,
  user: app.user,
  clock: app.clock,
  toasts: [],
  unmount: () => app.view.unmount(),
  get flow() {
    return (app.actors.winnings ?? null) as FlowActor | null;
  },
}));

async function open(): Promise<WinningsApp> {
  const app = held.hold(await openApp(new WinningsServer()));
  await waitFor(() => actorOf(app, 'winnings'));
  return app;
}

const gestures: Record<FlowEvent['type'], (step: FlowStep, app: WinningsApp) => Promise<void>> = {
  ...executors,
  // A draw closes with the player's prizes on the server: the draw finds them, and the flow
  // hears of them from it.
  'grandPrizes.loaded': async (step, app) => {
    if (step.event.type !== 'grandPrizes.loaded') return;
    app.server.grandPrizes = step.event.prizes;
    await act(async () => {
      app.cable.broadcastRefetch();
      await settle();
    });
    await arrive(step.state);
  },
};

// ---- the screen ------------------------------------------------------------------------------

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

async function expectScreen(snapshot: FlowSnapshot, app: WinningsApp): Promise<void> {
  await waitFor(() => expect(window.location.pathname).toBe(routeOf(snapshot)));
  if (snapshot.matches('drawer')) {
    await slideDown(app);
    const drawer = await screen.findByTestId('winnings-drawer');
    within(drawer).getByRole('heading', { level: 1, name: 'WINNINGS' });
    expect(drawer.getAttribute('data-panel')).toBe('open');
  } else if (snapshot.matches({ grandPrize: 'loadFailed' })) {
    await screen.findByText('Your prizes could not be loaded.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Try again' }).disabled).toBe(
      false,
    );
  } else if (snapshot.matches({ grandPrize: 'nothingToClaim' })) {
    const page = (await heading('No prize to claim')).closest('main')!;
    expect(within(page).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');
  } else if (snapshot.matches('contactUs')) {
    await heading('Contact Us');
    screen.getByLabelText('Subject');
    screen.getByLabelText('Message');
  } else if (snapshot.matches('legalPage')) {
    // The privacy policy, the tab bar without WINNINGS.
    expect(window.location.pathname).toBe('/privacy-policy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    const tabs = screen.getByRole('navigation', { name: 'Main' });
    expect(within(tabs).queryByRole('link', { name: 'WINNINGS' })).toBeNull();
    within(tabs).getByRole('link', { name: 'Home' });
  } else {
    await expectHome(app, snapshot.context.prizeToClaim?.additional_info.prize_amount ?? null);
  }
}

const screenOf = (snapshot: FlowSnapshot) =>
  snapshot.matches('home')
    ? `/home, ${snapshot.context.prizeToClaim ? "'Claim your $500 prize'" : 'nothing to claim'}`
    : `${routeOf(snapshot)} (${JSON.stringify(snapshot.value).replace(/[{}"]/g, '')})`;

/**
 * A test for each resting state of the flow's model without the events `without`, as the
 * player reaches it `how`; `rests` says which states the walk takes.
 */
function describeFlow(
  how: string,
  without: readonly FlowEvent['type'][],
  rests: (snapshot: FlowSnapshot) => boolean,
): void {
  describeReloadAndBack(`winnings, ${how}: a reload and Back at every resting state`, {
    model: modelWithout(without),
    isResting: (snapshot) =>
      hasScreen(snapshot) && snapshot.children.loadGrandPrizes === undefined && rests(snapshot),
    describe: screenOf,
    open,
    events: gestures,
    expectScreen,
    reload: held.reload,
    stepsDone,
    afterBack,
    close: held.close,
  });
}

// Every screen of the flow (the prize claim's states are its own walk's,
// prize-claim.reload-back.test.tsx), then /home once a message is sent from Contact Us: nothing
// is sent again.
describeFlow('the pages', [], (snapshot) => !snapshot.matches({ grandPrize: 'claiming' }));
describeFlow(
  'a message sent',
  ['drawer.closed'],
  (snapshot) => snapshot.matches('home') && snapshot.context.prizeToClaim === null,
);
