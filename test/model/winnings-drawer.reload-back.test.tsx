// The winnings drawer's resting states (the list as loaded or failed, a coupon's claim dialog,
// the coupon claimed with its code, a grand prize's or a referral bonus's modal, an answer to
// Contact Us open, the Logout and Delete Account questions), on each walk of the drawer's model
// (helpers/winnings-drawer-walks.ts), reached on the model's shortest path through the real
// signed-in app at /winnings with the model test's gestures, then reloaded and left with Back
// (see helpers/reload-and-back.tsx): after a reload the drawer lists what was claimed, as
// claimed, and the answers as read; a dialog that was open may close. Back lands where it stays
// and claims nothing, marks nothing read and asks to delete nothing again. States a player
// cannot tell apart (the same list, dialog and answers) are walked once, on the first walk.
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { ApiFailure } from '../../src/lib/api';
import { goTo } from './helpers/app-harness';
import { answerWhenWaiting } from './helpers/generated-walks';
import { describeReloadAndBack } from './helpers/reload-and-back';
import { executors } from './helpers/winnings-drawer-gestures';
import { app as running, current, type Running } from './helpers/winnings-drawer-harness';
import {
  logic,
  type DrawerActor,
  type DrawerModelEvent,
  type DrawerSnapshot,
} from './helpers/winnings-drawer-model';
import { eventsFor, serialize } from './helpers/winnings-drawer-paths';
import { arrive, type DrawerStep } from './helpers/winnings-drawer-steps';
import { WALKS, type Walk } from './helpers/winnings-drawer-walks';
import {
  actorOf,
  afterBack,
  holding,
  openApp,
  stepsDone,
  type WinningsApp,
} from './helpers/winnings-reload-app';
import { expectDrawer, restsIn, sightOf } from './helpers/winnings-reload-drawer';
import { WinningsServer } from './helpers/winnings-reload-server';
import { firstWalkOf, modelOf } from './helpers/winnings-reload-walk';

const isFirstWalkOf = firstWalkOf<Walk>();

function describeWalk(walk: Walk): void {
  /** The app as the drawer's gestures reach it (helpers/winnings-drawer-harness.tsx). */
  const held = holding(current, (app: WinningsApp): Running => ({
    walk,
    api: app.api,
    clock: app.clock,
    user: app.user,
    emitted: [],
    failedDeletions: 0,
    toasts: [],
    selections: 0,
    unmount: () => app.view.unmount(),
    get drawer() {
      return (app.actors.winningsDrawer ?? null) as DrawerActor | null;
    },
    get heard() {
      return app.heard;
    },
  }));

  describeReloadAndBack(`the winnings drawer, ${walk.name}: a reload and Back`, {
    model: modelOf<DrawerSnapshot, DrawerModelEvent>(logic, eventsFor(walk), serialize),
    isResting: (snapshot) => restsIn(snapshot, walk) && isFirstWalkOf(sightOf(snapshot), walk),
    describe: sightOf,
    // The player opens WINNINGS from /home; the walk answers the drawer's calls.
    open: async () => {
      const app = held.hold(await openApp(new WinningsServer()));
      await goTo('/winnings');
      await waitFor(() => actorOf(app, 'winningsDrawer'));
      return app;
    },
    events: {
      ...executors,
      // The session could not delete the account: the server refused.
      'account.deletionFailed': async (step: DrawerStep, app: WinningsApp) => {
        running().failedDeletions += 1;
        await answerWhenWaiting(app.sessionApi, 'deleteAccount', (api) =>
          api.reject('deleteAccount', new ApiFailure(503, null)),
        );
        await arrive(step.state);
      },
    },
    expectScreen: expectDrawer,
    reload: held.reload,
    stepsDone,
    afterBack: async (to, app) => {
      await afterBack(to, app);
      expect(app.heard).toEqual([]);
    },
    close: held.close,
  });
}

for (const walk of WALKS) describeWalk(walk);
