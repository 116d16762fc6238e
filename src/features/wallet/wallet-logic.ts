// The wallet machine connected to the API. Tests (and the live inspector) replace it, or watch
// it, through `WalletLogicContext`.
import { createContext } from 'react';
import type { ActorOptions } from 'xstate';
import { createWalletActors } from '../../../machines/wallet/wallet.actors';
import { walletMachine } from '../../../machines/wallet/wallet.machine';
import { api } from '../../lib/api-on-demand';

export const connectedWalletMachine = walletMachine.provide({
  actors: createWalletActors({ wallet: api.wallet, enterWalletTickets: api.enterWalletTickets }),
});

export type WalletLogic = {
  machine: typeof walletMachine;
  /** Tests drive time and record transitions here; the Stately inspector attaches here. */
  options?: Pick<ActorOptions<typeof walletMachine>, 'clock' | 'inspect'>;
};

export const WalletLogicContext = createContext<WalletLogic>({ machine: connectedWalletMachine });
