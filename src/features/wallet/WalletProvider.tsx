// Runs the wallet for its two pages: its screens and the address bar are kept in step by the
// app's route sync, and what it asks for is carried out: toasts, and remembering that the
// instructions were seen (on the device and in the session).
import { createContext, useContext, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  WALLET_PATHS,
  type WalletEmitted,
  type WalletEvent,
  type WalletPath,
  type walletMachine,
} from '../../../machines/wallet/wallet.machine';
import { useRouteSync, type Opening } from '../../lib/route-sync';
import { showToast } from '../../lib/toast';
import { STORAGE_KEYS, writeString } from '../../lib/storage';
import type { WalletLogic } from './wallet-logic';

type WalletActorRef = ActorRefFrom<typeof walletMachine>;
type WalletSnapshot = SnapshotFrom<typeof walletMachine>;

const WalletContext = createContext<WalletActorRef | null>(null);

function useWalletActor(): WalletActorRef {
  const actor = useContext(WalletContext);
  if (!actor) throw new Error('Wallet pages render inside <WalletProvider>.');
  return actor;
}

/** A narrow read of the wallet (use the selectors of wallet.selectors.ts). */
export function useWalletSelector<T>(selector: (snapshot: WalletSnapshot) => T): T {
  return useSelector(useWalletActor(), selector);
}

/** Sends an event to the wallet. */
export function useWalletSend(): (event: WalletEvent) => void {
  return useWalletActor().send;
}

const WALLET_PAGES: readonly string[] = Object.values(WALLET_PATHS);

function openedWalletPage({ path }: Opening): WalletEvent | null {
  return WALLET_PAGES.includes(path) ? { type: 'route.opened', path: path as WalletPath } : null;
}

export type WalletProviderProps = WalletLogic & {
  children: ReactNode;
  /** The walletInstruction flag or the session's hasSeenInstructions.wallet; read once. */
  hasSeenInstructions: boolean;
  /** Tells the session (hasSeenInstructions.wallet); the device flag is set here. */
  onInstructionsSeen: () => void;
};

export function WalletProvider({
  children,
  hasSeenInstructions,
  onInstructionsSeen,
  machine,
  options,
}: WalletProviderProps): React.JSX.Element {
  // The machine's input and options are read once: the wallet keeps its own copy from then on.
  const [actorOptions] = useState(() => ({
    input: { hasSeenInstructions },
    ...(options?.clock ? { clock: options.clock } : {}),
    ...(options?.inspect ? { inspect: options.inspect } : {}),
  }));
  const actor = useActorRef(machine, actorOptions);

  const handlers = useRef({ onInstructionsSeen });
  useLayoutEffect(() => {
    handlers.current = { onInstructionsSeen };
  });

  // A layout effect subscribes before the route sync's effect sends `route.opened`, so no
  // effect of the first events is missed.
  useLayoutEffect(() => {
    const subscription = actor.on('*', (effect: WalletEmitted) => {
      switch (effect.type) {
        case 'toast':
          showToast(effect);
          break;
        case 'instructionsSeen':
          writeString(STORAGE_KEYS.walletInstruction, 'true');
          handlers.current.onInstructionsSeen();
          break;
      }
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  useRouteSync(actor, openedWalletPage);

  return <WalletContext value={actor}>{children}</WalletContext>;
}
