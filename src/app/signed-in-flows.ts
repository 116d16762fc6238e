// The flows that run while a player is signed in, connected to the API: the session loads this
// module when a player first signs in (with the signed-in app), so a newcomer's first screen
// does not carry them.
import type { SignedInFlows } from '../../machines/session/session.machine';
import { connectedDrawCycleMachine } from '../features/draw-cycle/draw-cycle-logic';
import { connectedPlayersMachine } from '../features/players/players-logic';
import { connectedWalletMachine } from '../features/wallet/wallet-logic';
import { connectedWinningsMachine } from '../features/winnings/winnings-logic';

export const signedInFlows: SignedInFlows = {
  drawCycle: connectedDrawCycleMachine,
  players: connectedPlayersMachine,
  wallet: connectedWalletMachine,
  winnings: connectedWinningsMachine,
};
