// /wallet and /wallet-token, two screens of the one wallet the session runs while a player is
// signed in: the instructions hand over to the tickets without starting again.
import { Route, Switch } from 'wouter';
import { WALLET_PATHS } from '../../../machines/wallet/wallet.machine';
import { WalletPage } from './WalletPage';
import { WalletTokenPage } from './WalletTokenPage';

export function WalletScreens() {
  return (
    <Switch>
      <Route path={WALLET_PATHS.instructions} component={WalletPage} />
      <Route path={WALLET_PATHS.tickets} component={WalletTokenPage} />
    </Switch>
  );
}
