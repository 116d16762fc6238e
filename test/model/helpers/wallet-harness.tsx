// Renders the signed-in app with a signed-in player (the test DOM's browser location, notistack
// toasts), whose session runs the wallet among its signed-in flows; the test answers the
// wallet's calls and opens the wallet's pages.
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActorRefLike, AnyActorRef, InspectionEvent } from 'xstate';
import { renderApp, screenLoaded, storeSignedInSession } from './app-harness';
import { FakeWalletApi } from './wallet-fake-api';
import type { WalletSnapshot } from './wallet-model';
import { settle } from '../../support/settle';

/** Where a walk starts: the signed-in home screen, so the first step opens a wallet page. */
export const START_PATH = '/home';

export type WalletHarness = Awaited<ReturnType<typeof renderWallet>>;

export async function renderWallet(
  options: {
    inspect?: (event: InspectionEvent) => void;
    path?: string;
    /** The session as a previous visit left it: the wallet instructions already seen. */
    seenInSession?: boolean;
  } = {},
) {
  storeSignedInSession({
    isFirstTimeUser: false,
    isFirstQuestionnaire: false,
    hasSeenInstructions: { wallet: options.seenInSession ?? false, questionaire: false },
  });
  const api = new FakeWalletApi();
  let latest: WalletSnapshot | null = null;
  let session: ActorRefLike | null = null;
  const inspect = (event: InspectionEvent) => {
    options.inspect?.(event);
    if (event.actorRef.sessionId === event.rootId) session = event.actorRef;
    if (event.type === '@xstate.snapshot' && (event.actorRef as AnyActorRef).id === 'wallet') {
      latest = event.snapshot as WalletSnapshot;
    }
  };
  const harness = renderApp({ path: options.path ?? START_PATH, walletApi: api, inspect });
  await screenLoaded();
  const user = userEvent.setup();

  return {
    ...harness,
    api,
    user,
    /** The running wallet's latest snapshot, as the inspector reported it. */
    snapshot: (): WalletSnapshot => {
      if (!latest) throw new Error('The wallet has not started');
      return latest;
    },
    hasSeenInstructionsInSession: (): boolean => {
      if (!session) throw new Error('The session has not started');
      const snapshot = session.getSnapshot() as {
        context: { hasSeenInstructions: { wallet: boolean } };
      };
      return snapshot.context.hasSeenInstructions.wallet;
    },
    settle: () => act(settle),
  };
}
