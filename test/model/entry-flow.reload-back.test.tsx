// The entry flow's resting screens on a visitor's way from an invite link to signed in, each
// reached through the real app (signed out, the session running the entry flow) with the
// visitor's gestures and the API's answers (as the flow's own walk takes them): the starting
// page, the disclaimer, the phone entry, the verification code, /home signed in. At each the app is
// reloaded and the visitor goes Back (see helpers/reload-and-back.tsx): the same step of sign-up
// shows after a reload (the invite code and the number kept), and Back lands where it stays,
// registering nobody twice and asking for no second code by itself.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SimulatedClock } from 'xstate';
import { STARTING_SLIDES } from '../../src/features/entry-flow/slides';
import { renderApp, screenLoaded } from './helpers/app-harness';
import type { EntryFlowHarness } from './helpers/entry-flow-harness';
import {
  INVITE_LINK_CODE,
  LOGIN,
  PHONE_NUMBER,
  PHONE_TYPED,
  TEXTED_CODE,
} from './helpers/entry-flow-model';
import {
  button,
  expectDisclaimer,
  heading,
  resolveCall,
  SCREENS,
  typeInto,
} from './helpers/entry-gestures';
import type { EntryFlowCallName, FakeEntryFlowApi } from './helpers/fake-entry-flow-api';
import { reloadThenBack, reopenApp, WalkHistory } from './helpers/reload-and-back';
import { settle } from '../support/settle';

/** What the server saw done, across reloads: registrations, codes texted, codes checked. */
type Server = { register: number; requestCode: number; verifyCode: number };
type EntryApp = {
  api: FakeEntryFlowApi;
  user: ReturnType<typeof userEvent.setup>;
  clock: SimulatedClock;
  unmount: () => void;
  server: Server;
};
/** The entry gestures' view of the app: its calls and the visitor's hands. */
const hands = (app: EntryApp) => app as unknown as EntryFlowHarness;

const SERVER_ANSWERS: Partial<Record<EntryFlowCallName, () => unknown>> = {
  validateInvite: () => ({ valid: true }),
  requestCode: () => ({ message: 'sent', otp: TEXTED_CODE }),
  register: () => ({ data: LOGIN.user }),
  verifyCode: () => LOGIN,
};

/** Opens the app at `path`; a reloaded one's calls are answered by the server (and counted). */
async function start(server: Server, path: string | null): Promise<EntryApp> {
  const clock = new SimulatedClock();
  const app = path === null ? reopenApp({ clock }) : renderApp({ path, clock });
  const api = app.entryApi;
  if (path === null) {
    for (const [call, answer] of Object.entries(SERVER_ANSWERS) as Array<
      [EntryFlowCallName, () => unknown]
    >) {
      const counted = () => {
        if (call in server) server[call as keyof Server] += 1;
        return Promise.resolve(answer());
      };
      api.answerAlways(call, counted);
      // A call the app made as it started, before the answers were set.
      await act(settle);
      while (api.isWaiting(call)) {
        if (call in server) server[call as keyof Server] += 1;
        await act(async () => {
          api.resolve(call, answer());
          await settle();
        });
      }
    }
  }
  await screenLoaded();
  return { api, user: userEvent.setup(), clock, unmount: app.view.unmount, server };
}

// ---- the way in: each step's gestures, then the screen it rests on ----------------------------

type Stop = {
  says: string;
  walk: (app: EntryApp) => Promise<void>;
  shows: () => Promise<void> | void;
  /** The product's bug this stop's case fails for, named. */
  bug?: string;
};

const JOURNEY: Stop[] = [
  {
    says: 'the starting page, opened from an invite link',
    walk: async (app) => {
      await resolveCall(hands(app), 'validateInvite', { valid: true });
      await waitFor(() => expect(window.localStorage.getItem('inviteCode')).toBe(INVITE_LINK_CODE));
    },
    shows: () => {
      expect(window.location.pathname).toBe('/');
      heading(STARTING_SLIDES[0]?.title ?? '');
    },
  },
  {
    says: 'the disclaimer of sign-up',
    walk: async (app) => {
      await app.user.click(button('Skip'));
      await app.user.click(button('ENTER'));
      act(() => app.clock.increment(2500));
      await app.user.click(await screen.findByRole('button', { name: 'Continue' }));
    },
    shows: async () => {
      await screen.findByRole('checkbox');
      expect(window.location.pathname).toBe('/onboarding');
      expectDisclaimer(false);
    },
  },
  {
    says: 'the phone entry of sign-up',
    walk: async (app) => {
      await app.user.click(await screen.findByRole('checkbox'));
      await app.user.click(button('SUBMIT'));
    },
    shows: SCREENS.onboardingPhone,
  },
  {
    says: 'the verification code, for the number typed',
    walk: async (app) => {
      await typeInto(hands(app), 'Mobile number', PHONE_TYPED);
      await app.user.click(button('Enter'));
      app.server.register += 1;
      await resolveCall(hands(app), 'register', { data: LOGIN.user });
    },
    shows: () => {
      SCREENS.verification();
      expect(window.history.state).toMatchObject({ phoneNumber: PHONE_NUMBER });
    },
  },
  {
    says: 'signed in, on /home',
    walk: async (app) => {
      // The code boxes take a code once the code asked for on arrival is on its way.
      await resolveCall(hands(app), 'requestCode', { message: 'sent', otp: TEXTED_CODE });
      await app.user.type(await screen.findByLabelText('Digit 1'), TEXTED_CODE);
      app.server.verifyCode += 1;
      await resolveCall(hands(app), 'verifyCode', LOGIN);
      await screenLoaded();
    },
    shows: async () => {
      await waitFor(() => SCREENS.home());
      await screen.findByRole('button', { name: /Enter To Win/ });
    },
    // The sign-up screens behind /home are addresses the signed-in app does not have: Back
    // steps past them all, and leaves the app (the invite link was its first entry).
  },
];

// ---- a reload and Back at each stop ------------------------------------------------------------

describe('entry flow, a reload and Back at every resting screen of sign-up', () => {
  for (const [index, { says, bug }] of JOURNEY.entries()) {
    (bug ? it.fails : it)(bug ? `${says} (${bug})` : says, async () => {
      const history = new WalkHistory();
      const server: Server = { register: 0, requestCode: 0, verifyCode: 0 };
      let app = await start(server, `/?code=${INVITE_LINK_CODE}`);
      try {
        for (const stop of JOURNEY.slice(0, index + 1)) await stop.walk(app);
        const codes = app.api.count('requestCode');
        app = await reloadThenBack(history, app, {
          expectScreen: () => JOURNEY[index]!.shows(),
          reload: async (running) => {
            running.unmount();
            // A code texted on the way counts as the server's: the reload's own are counted.
            running.server.requestCode = codes;
            return start(running.server, null);
          },
          stepsDone: ({ server: { register, verifyCode } }) => ({ register, verifyCode }),
          afterBack: (_, running) =>
            act(async () => {
              running.clock.increment(10_000);
              await settle();
            }),
        });
      } finally {
        history.stop();
        app.unmount();
      }
    });
  }
});
