// Renders the two wallet pages as the signed-in app mounts them (both routes on one component,
// browser location of jsdom, notistack toasts, a signed-in session), around a running wallet
// whose calls the test answers.
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import type { ActorRefFrom, InspectionEvent } from 'xstate';
import { createSessionActors } from '../../../machines/session/session.actors';
import { sessionMachine } from '../../../machines/session/session.machine';
import {
  INITIAL_PERSISTED_SESSION,
  serializePersistedSession,
} from '../../../machines/session/session.persistence';
import { createWalletActors } from '../../../machines/wallet/wallet.actors';
import { walletMachine } from '../../../machines/wallet/wallet.machine';
import { SessionContext } from '../../../src/app/session-context';
import { WalletLogicContext } from '../../../src/features/wallet/wallet-logic';
import { WalletScreens } from '../../../src/features/wallet/WalletScreens';
import Toasts from '../../../src/app/Toasts';
import { FakeWalletApi } from './wallet-fake-api';
import type { WalletSnapshot } from './wallet-model';

/** Where a walk starts: a route with no wallet page, so the first step opens one. */
export const START_PATH = '/start';

export const PLAYER = {
  id: '0b7e3c54-9a51-4c2e-8f7e-5d2f7b1a0002',
  phone_number: '12025550199',
  main_price: 500,
};

export type WalletHarness = ReturnType<typeof renderWallet>;

const never = () => new Promise<never>(() => undefined);

export function renderWallet(
  options: {
    inspect?: (event: InspectionEvent) => void;
    path?: string;
    /** The session as a previous visit left it: the wallet instructions already seen. */
    seenInSession?: boolean;
  } = {},
) {
  const api = new FakeWalletApi();
  let latest: WalletSnapshot | null = null;
  const inspect = (event: InspectionEvent) => {
    options.inspect?.(event);
    if (event.type === '@xstate.snapshot' && event.actorRef.sessionId === event.rootId) {
      latest = event.snapshot as WalletSnapshot;
    }
  };
  const machine = walletMachine.provide({ actors: createWalletActors(api) });
  const sessionLogic = sessionMachine.provide({
    actors: createSessionActors({
      logout: never,
      deleteAccount: never,
      appConfig: () =>
        Promise.resolve({
          operator_name: 'Acme Draws, Inc.',
          contact_email: 'help@acme.example',
          features: { players: true, tell_us_more: true },
        }),
    }),
  });
  const stored = serializePersistedSession({
    ...INITIAL_PERSISTED_SESSION,
    isAuthenticated: true,
    hasAcceptedTerms: true,
    user: PLAYER,
    hasSeenInstructions: { wallet: options.seenInSession ?? false, questionaire: false },
  });
  let session: ActorRefFrom<typeof sessionLogic> | null = null;
  function SessionProbe() {
    session = SessionContext.useActorRef();
    return null;
  }
  window.history.replaceState(null, '', options.path ?? START_PATH);
  const user = userEvent.setup();

  const view = render(
    <>
      <Toasts />
      <SessionContext.Provider logic={sessionLogic} options={{ input: { stored, hasToken: true } }}>
        <SessionProbe />
        <WalletLogicContext value={{ machine, options: { inspect } }}>
          <Switch>
            <Route path="/wallet" component={WalletScreens} />
            <Route path="/wallet-token" component={WalletScreens} />
            <Route>
              <main>Elsewhere</main>
            </Route>
          </Switch>
        </WalletLogicContext>
      </SessionContext.Provider>
    </>,
  );

  return {
    ...view,
    api,
    user,
    /** The running wallet's latest snapshot, as the inspector reported it. */
    snapshot: (): WalletSnapshot => {
      if (!latest) throw new Error('The wallet has not started');
      return latest;
    },
    hasSeenInstructionsInSession: (): boolean => {
      if (!session) throw new Error('The session has not started');
      return session.getSnapshot().context.hasSeenInstructions.wallet;
    },
    settle: () =>
      act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 0));
      }),
  };
}
