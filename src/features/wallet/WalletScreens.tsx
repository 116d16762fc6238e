// /wallet and /wallet-token share one running wallet, so the instructions hand over to the
// tickets without starting again. Both routes render this component.
import { useContext } from 'react';
import { Route, Switch } from 'wouter';
import { selectHasSeenInstructions } from '../../../machines/session/session.selectors';
import { WALLET_PATHS } from '../../../machines/wallet/wallet.machine';
import { SessionContext } from '../../app/session-context';
import { readString, STORAGE_KEYS } from '../../lib/storage';
import { WalletLogicContext } from './wallet-logic';
import { WalletPage } from './WalletPage';
import { WalletProvider } from './WalletProvider';
import { WalletTokenPage } from './WalletTokenPage';

export function WalletScreens() {
  const session = SessionContext.useActorRef();
  const seenInSession = SessionContext.useSelector(selectHasSeenInstructions).wallet;
  const logic = useContext(WalletLogicContext);
  const hasSeenInstructions =
    seenInSession || readString(STORAGE_KEYS.walletInstruction) === 'true';
  return (
    <WalletProvider
      {...logic}
      hasSeenInstructions={hasSeenInstructions}
      onInstructionsSeen={() =>
        session.send({ type: 'session.instructionsSeen', instructions: 'wallet' })
      }
    >
      <Switch>
        <Route path={WALLET_PATHS.instructions} component={WalletPage} />
        <Route path={WALLET_PATHS.tickets} component={WalletTokenPage} />
      </Switch>
    </WalletProvider>
  );
}
