// The entry flow's resting states, each reached on the model's shortest path through the real
// signed-out app (helpers/entry-reload-model.ts: the flow with the step on screen run by its own
// machine, from the visitor's first address on by the screens' buttons and links): the starting
// page's slides and its ticket, the disclaimer, 'Enter Invitation Code', the phone entry and the
// disclaimer of sign-up, 'Welcome back', the code screen, a failure shown on any of them, and
// /home signed in. At each the app is reloaded and the visitor goes Back (see
// helpers/reload-and-back.tsx): the same step of sign-up shows after a reload, with the terms,
// the invite code and the number kept; Back lands where it stays, registering nobody twice,
// checking no code twice and asking for no code by itself. States the visitor cannot tell
// apart are walked once (helpers/entry-reload-screens.ts names them).
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import { settle } from '../support/settle';
import { screenLoaded } from './helpers/app-harness';
import { MODEL_INPUT } from './helpers/entry-flow-model';
import {
  CODE_NOT_SENT,
  entryWalkEvents,
  serializeEntryWalk,
  walkedEntryFlow,
  type EntryWalkSnapshot,
} from './helpers/entry-reload-model';
import {
  describeEntryState,
  expectShown,
  isResting,
  marksOf,
  progressOf,
} from './helpers/entry-reload-screens';
import { events, open, reload, type EntryApp } from './helpers/entry-reload-walk';
import { stateKeyMatcher } from './helpers/path-planner';
import { describeReloadAndBack } from './helpers/reload-and-back';

const model = new TestModel<EntryWalkSnapshot, EventObject, unknown>(walkedEntryFlow as never, {
  events: entryWalkEvents as never,
  serializeState: serializeEntryWalk,
  stateMatcher: stateKeyMatcher,
  input: MODEL_INPUT,
});

/** Nothing of the moment survives a reload: the box, the notice, a code already on its way. */
const REOPENED = { ticked: false, notRegistered: false, onItsWay: false };

async function expectScreen(snapshot: EntryWalkSnapshot, app: EntryApp): Promise<void> {
  const step = snapshot.step?.snapshot ?? null;
  const expected = progressOf(snapshot, step);
  const marks = app.reloaded ? REOPENED : marksOf(snapshot, step);
  await waitFor(() => {
    const running = app.running();
    // Signed in again, the app runs no entry flow.
    if (app.reloaded && expected.screen === 'signedIn') return expect(running).toBeNull();
    expect(running, 'the entry flow is running').not.toBeNull();
    expect(progressOf(running!.flow, running!.step)).toEqual(expected);
    expect(marksOf(running!.flow, running!.step)).toEqual(marks);
  });
  await screenLoaded();
  await expectShown(expected, marks);
  // A failure shows where it happened, and is not told again after a reload.
  if (snapshot.failure) {
    expect(screen.queryByText(snapshot.failure) !== null).toBe(!app.reloaded);
  }
}

// The tab showed another page before the visitor opened the app (the message with the link,
// say): Back from the app's first entry leaves the app, whatever earlier walks left in the
// tab's history.
beforeEach(() => window.history.pushState(null, '', '/'));

/** The bugs the walk found, each named by what the visitor sees. */
const BUGS = {
  ticketReload:
    "a reload on 'one entry ticket received' starts the starting page over at its first slide",
  codeOnBack:
    "Back from 'Welcome back' after 'Change number' returns to the code screen, which texts a new code by itself",
  codeOnReload:
    'a reload of the code screen texts a new code by itself, voiding the one on its way',
};

const onScreen = (snapshot: EntryWalkSnapshot) =>
  progressOf(snapshot, snapshot.step?.snapshot ?? null).screen;

const walk = {
  model,
  isResting,
  describe: describeEntryState,
  open: () => Promise.resolve(open()),
  events,
  expectScreen,
  reload,
  afterBack: (_: unknown, app: EntryApp) =>
    // Time passes (the ticket's 2.5 s, the toasts): nothing moves on by itself.
    act(async () => {
      app.clock.increment(10_000);
      await settle();
    }),
  close: (app: EntryApp) => app.unmount(),
};

describeReloadAndBack('entry flow, a reload and Back at every resting state', {
  ...walk,
  // The code screen asks for a code as it opens, a reload's too (counted apart, see below).
  stepsDone: ({ server: { registered, codesChecked, codesTexted } }) => ({
    registered,
    codesChecked,
    codesTexted,
  }),
  knownBug: ({ state }) => {
    if (onScreen(state) === 'startingPage.ticketReceived') return BUGS.ticketReload;
    if (onScreen(state) === 'phoneLogin' && state.context.phoneNumber !== null) {
      return BUGS.codeOnBack;
    }
    return null;
  },
});

// The code screen reloaded: the code the server texted a moment ago is on its way, and a new
// one would void it (only the last text works), so none is asked for.
describeReloadAndBack('entry flow, a reload of the code screen texts no code by itself', {
  ...walk,
  // After a request that failed, no code is on its way: a reload asking for one is welcome.
  isResting: (snapshot) =>
    isResting(snapshot) &&
    onScreen(snapshot) === 'verification' &&
    snapshot.failure !== CODE_NOT_SENT,
  stepsDone: ({ server }) => ({ codesTexted: server.codesTexted + server.codesOnReload }),
  knownBug: () => BUGS.codeOnReload,
});
