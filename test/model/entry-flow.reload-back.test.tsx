// The entry flow's resting states, each reached on the model's shortest path through the real
// signed-out app (helpers/entry-reload-model.ts: the flow with the step on screen run by its own
// machine, from the visitor's first address on by the screens' buttons and links): the starting
// page's slides and its ticket, the disclaimer, 'Enter Invitation Code', the phone entry and the
// disclaimer of sign-up, 'Welcome back', the code screen, a failure shown on any of them, and
// /home signed in. At each the app is reloaded and the visitor goes Back (see
// helpers/reload-and-back.tsx): the same step of sign-up shows after a reload, with the terms,
// the invite code and the number kept, and the code screen waiting for the code on its way;
// Back lands where it stays, registering nobody twice and checking no code twice. Neither texts
// a code by itself where one is on its way (a new text voids it); the code screen asks for one
// only where none is (its request failed). States the visitor cannot tell apart are walked
// once (helpers/entry-reload-screens.ts names them).
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect } from 'vitest';
import type { EventObject } from 'xstate';
import { TestModel } from 'xstate/graph';
import { settle } from '../support/settle';
import { screenLoaded } from './helpers/app-harness';
import { toast } from './helpers/entry-gestures';
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

/** Nothing of the moment survives a reload: the box, the notice. */
const REOPENED = { ticked: false, notRegistered: false };

async function expectScreen(snapshot: EntryWalkSnapshot, app: EntryApp): Promise<void> {
  const step = snapshot.step?.snapshot ?? null;
  const expected = progressOf(snapshot, step);
  const marks = app.reloaded ? REOPENED : marksOf(step);
  await waitFor(() => {
    const running = app.running();
    // Signed in again, the app runs no entry flow.
    if (app.reloaded && expected.screen === 'signedIn') return expect(running).toBeNull();
    expect(running, 'the entry flow is running').not.toBeNull();
    expect(progressOf(running!.flow, running!.step)).toEqual(expected);
    expect(marksOf(running!.step)).toEqual(marks);
  });
  await screenLoaded();
  await expectShown(expected, marks);
  // A failure shows where it happened, and is not told again after a reload; but a reloaded
  // code screen with no code on its way asks for one, which the server refuses again.
  const refusedAgain = app.reloaded && expected.screen === 'verification' && !expected.onItsWay;
  const told = app.reloaded ? (refusedAgain ? CODE_NOT_SENT : null) : snapshot.failure;
  if (told) await toast(told);
  if (snapshot.failure && snapshot.failure !== told) {
    expect(screen.queryByText(snapshot.failure)).toBeNull();
  }
}

// The tab showed another page before the visitor opened the app (the message with the link,
// say): Back from the app's first entry leaves the app, whatever earlier walks left in the
// tab's history.
beforeEach(() => window.history.pushState(null, '', '/'));

describeReloadAndBack('entry flow, a reload and Back at every resting state', {
  model,
  isResting,
  describe: describeEntryState,
  open: () => Promise.resolve(open()),
  events,
  expectScreen,
  reload,
  // Nobody is registered or signed in again, and no code is texted by itself where one is on
  // its way (a new text voids it); where none is, the code screen asks for one as it opens.
  stepsDone: ({ server: { registered, codesChecked, codesTexted } }) => ({
    registered,
    codesChecked,
    codesTexted,
  }),
  afterBack: (_, app) =>
    // Time passes (the ticket's 2.5 s, the toasts): nothing moves on by itself.
    act(async () => {
      app.clock.increment(10_000);
      await settle();
    }),
  close: (app) => app.unmount(),
});
