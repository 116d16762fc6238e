// The wallet machine connected to the API: the session runs it while a player is signed in
// (src/app/signed-in-flows.ts). Tests give the app one with fake calls.
import { createWalletActors } from '../../../machines/wallet/wallet.actors';
import { walletMachine } from '../../../machines/wallet/wallet.machine';
import { api } from '../../lib/api-on-demand';

export const connectedWalletMachine = walletMachine.provide({
  actors: createWalletActors({ wallet: api.wallet, enterWalletTickets: api.enterWalletTickets }),
});
