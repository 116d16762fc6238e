// The signed-in app: the draw, the tab bar and the signed-in routes. A chunk of its own, so a
// newcomer's first screen does not load the draw, the live channel and the home screen; App
// starts loading it as soon as a player is signed in or reaches /login.
import { lazy, Suspense, type ComponentProps } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { GrandPrizeOverlay } from '../features/grand-prize/GrandPrizeOverlay';
import { DrawCycleProvider } from '../features/home/DrawCycleProvider';
import { HomePage } from '../features/home/HomePage';
import { TabBar } from '../features/tabs/TabBar';
import { YouveEnteredPage } from '../features/youve-entered/YouveEnteredPage';
import { LoadingScreen, Privacy, Rules, SIGNED_IN_HOME, Terms } from './routes';

const PlayersPage = lazy(() =>
  import('../features/players/PlayersPage').then((m) => ({ default: m.PlayersPage })),
);
const PlayersTutorialPage = lazy(() =>
  import('../features/players/PlayersTutorialPage').then((m) => ({
    default: m.PlayersTutorialPage,
  })),
);
const WalletScreens = lazy(() =>
  import('../features/wallet/WalletScreens').then((m) => ({ default: m.WalletScreens })),
);

/**
 * A signed-in player. The spec's other signed-in routes (/questionnaire, /winnings, /grandPrize,
 * /disclosure, /what-i-like, /rewards, /form/has-problem) join this table with
 * their screens; until then they fall through to /home like any unknown path.
 */
export function SignedInRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Switch>
        <Route path="/home" nest component={HomePage} />
        <Route path="/youve-entered" component={YouveEnteredPage} />
        <Route path="/players" component={PlayersPage} />
        <Route path="/players-tutorial" component={PlayersTutorialPage} />
        {/* One component for both: the instructions hand over to the tickets in one wallet. */}
        <Route path="/wallet" component={WalletScreens} />
        <Route path="/wallet-token" component={WalletScreens} />
        <Route path="/privacy-policy" component={Privacy} />
        <Route path="/terms-and-conditions" component={Terms} />
        <Route path="/rules" component={Rules} />
        <Route>
          <Redirect to={SIGNED_IN_HOME} replace />
        </Route>
      </Switch>
    </Suspense>
  );
}

export type SignedInAppProps = {
  drawCycleLogic?: ComponentProps<typeof DrawCycleProvider>['logic'];
  drawCycleOptions?: ComponentProps<typeof DrawCycleProvider>['options'];
  inspect?: NonNullable<ComponentProps<typeof DrawCycleProvider>['options']>['inspect'];
};

/** The draw runs only while a player is signed in (the timer is fetched only then). */
export default function SignedInApp({
  drawCycleLogic,
  drawCycleOptions,
  inspect,
}: SignedInAppProps) {
  const options = inspect ? { inspect, ...drawCycleOptions } : drawCycleOptions;
  return (
    <DrawCycleProvider logic={drawCycleLogic} options={options}>
      <div className="signed-in">
        <SignedInRoutes />
        <TabBar />
        <GrandPrizeOverlay />
      </div>
    </DrawCycleProvider>
  );
}
