// The session's resting states (helpers/session-reload-states.ts reads them off the session's
// model): signed in at /home, signed in after a failed deletion, signed out after a Logout
// (answered or failed), after the account's deletion and after a 401. The session's states name
// no screens (its children show them), so each is walked explicitly through the real app with
// the player's taps (the WINNINGS drawer's Logout and Delete Account, the tab bar) and the
// server's answers, then reloaded and left with Back (see helpers/reload-and-back.tsx): after a
// reload the player is still signed in, or still signed out, on the same screen; Back never
// shows a signed-in screen once signed out, nor calls anything signed in; nothing is logged out
// or deleted again.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  TOAST_DELETE_FAILED,
  TOAST_DEMO_RESET,
  TOAST_DEMO_RESET_FAILED,
  TOAST_UNAUTHORIZED,
} from '../../machines/session/session.machine';
import { ApiFailure } from '../../src/lib/api';
import { reloadThenBack, WalkHistory, type Address } from './helpers/reload-and-back';
import {
  deleteAccount,
  logOut,
  openPlayersUnauthorized,
  openSignedIn,
  reload,
  resetDemo,
  slideUp,
  tapTab,
  type SessionApp,
} from './helpers/session-reload-app';
import {
  expectDisclaimerSignedOut,
  expectDrawer,
  expectHomeCountdown,
  expectSignedIn,
  expectSignedOut,
  expectToasts,
  restingSessionStates,
} from './helpers/session-reload-states';

type Case = {
  says: string;
  /** The player's way there from /home, signed in. */
  walk: (app: SessionApp) => Promise<void>;
  /** The screen there, on the walk's app and once reloaded. */
  shows: (app: SessionApp) => Promise<void> | void;
  /** Where Back lands, and what shows there. */
  afterBack: (to: Address, app: SessionApp) => Promise<void> | void;
  /** The product's bug the case fails for, named. */
  knownBug?: string;
};

const SERVER_ERROR = new ApiFailure(500, null);

/** Signed out by the player on this device: the disclaimer; Back shows nothing signed in. */
const signedOutBy = (
  says: string,
  signOut: (app: SessionApp) => Promise<void>,
  deleted: boolean,
): Case => ({
  says,
  walk: signOut,
  shows: (app) => {
    expectDisclaimerSignedOut(app, { deleted });
    expectToasts(app, []);
  },
  afterBack: (_, app) => expectSignedOut(app),
});

/** By the session's resting state, the walk that rests there. */
const CASES: Record<string, Case> = {
  'signedIn after xstate.done.actor.loadSignedInFlows': {
    says: 'signed in at /home, come back from the players screen',
    walk: async (app) => {
      await tapTab(app, 'Players');
      await tapTab(app, 'Home');
    },
    shows: async (app) => {
      await waitFor(() => expectHomeCountdown(app));
      expectToasts(app, []);
    },
    afterBack: async (to, app) => {
      expect(to.path).toBe('/players');
      await screen.findByRole('heading', { level: 1, name: /^You have 5 invitations/ });
      expectSignedIn(app, '/players');
    },
  },
  'signedIn after xstate.error.actor.deleteAccount': {
    says: 'signed in at /winnings after the deletion failed',
    walk: (app) => deleteAccount(app, SERVER_ERROR),
    shows: async (app) => {
      await slideUp(app);
      expectSignedIn(app, '/winnings');
      expectDrawer();
      expectToasts(app, [TOAST_DELETE_FAILED]);
      expect(app.server.deletions).toBe(0);
    },
    afterBack: (to, app) => {
      expect(to.path).toBe('/home');
      expectHomeCountdown(app);
    },
  },
  'signedOut after xstate.done.actor.logout': signedOutBy(
    'signed out by Logout',
    (app) => logOut(app),
    false,
  ),
  'signedOut after xstate.error.actor.logout': signedOutBy(
    'signed out by Logout, the server failing to end the session',
    (app) => logOut(app, SERVER_ERROR),
    false,
  ),
  'signedOut after xstate.done.actor.deleteAccount': signedOutBy(
    'signed out by Delete Account',
    (app) => deleteAccount(app),
    true,
  ),
  'signedIn after xstate.error.actor.resetDemo': {
    says: 'signed in at /winnings after the demo reset failed',
    walk: (app) => resetDemo(app, SERVER_ERROR),
    shows: async (app) => {
      await slideUp(app);
      expectSignedIn(app, '/winnings');
      expectDrawer();
      expectToasts(app, [TOAST_DEMO_RESET_FAILED]);
      expect(app.server.resets).toBe(0);
    },
    afterBack: (to, app) => {
      expect(to.path).toBe('/home');
      expectHomeCountdown(app);
    },
  },
  'signedOut after xstate.done.actor.resetDemo': {
    says: 'signed out by Reset demo, the account erased with the demo',
    walk: (app) => resetDemo(app),
    shows: (app) => {
      expectDisclaimerSignedOut(app, { deleted: true });
      expectToasts(app, [TOAST_DEMO_RESET]);
      expect(app.server.resets).toBe(1);
    },
    afterBack: (_, app) => expectSignedOut(app),
  },
  'signedOut after xstate.error.actor.resetDemo': {
    says: 'signed out by Reset demo answered 401 (the session had ended)',
    walk: (app) => resetDemo(app, new ApiFailure(401, 'Unauthorized')),
    shows: async (app) => {
      expectSignedOut(app);
      expect(window.location.pathname).toBe('/invite-code');
      await screen.findByRole('heading', { level: 1, name: 'Enter Invitation Code' });
      expectToasts(app, [TOAST_UNAUTHORIZED]);
    },
    afterBack: (_, app) => expectSignedOut(app),
  },
  'signedOut after session.unauthorized': {
    says: 'signed out by a 401 on the players screen',
    walk: openPlayersUnauthorized,
    shows: async (app) => {
      expectSignedOut(app);
      expect(window.location.pathname).toBe('/invite-code');
      await screen.findByRole('heading', { level: 1, name: 'Enter Invitation Code' });
      expectToasts(app, [TOAST_UNAUTHORIZED]);
    },
    // Back steps past the signed-in /home the 401 left behind (the signed-out app has no such
    // address): out of the app, never to a screen that moves on to /invite-code again.
    afterBack: (_, app) => expectSignedOut(app),
  },
};

/** Resting states walked in another file. */
const WALKED_ELSEWHERE: Record<string, string> = {
  // A visitor on a fresh device: the entry flow's screens.
  'signedOut after xstate.init': 'entry-flow.reload-back.test.tsx',
};

describe('session, a reload and Back at every resting state', () => {
  it('walks every resting state of the session model', () => {
    expect([...Object.keys(CASES), ...Object.keys(WALKED_ELSEWHERE)].sort()).toEqual(
      restingSessionStates(),
    );
  });

  for (const { says, walk, shows, afterBack, knownBug } of Object.values(CASES)) {
    (knownBug ? it.fails : it)(`${says}${knownBug ? ` (${knownBug})` : ''}`, async () => {
      const history = new WalkHistory();
      let app = await openSignedIn();
      try {
        await walk(app);
        app = await reloadThenBack(history, app, {
          expectScreen: shows,
          reload,
          stepsDone: (running) => ({ ...running.server }),
          afterBack,
        });
      } finally {
        history.stop();
        app.view.unmount();
      }
    });
  }
});
