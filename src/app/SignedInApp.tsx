// The signed-in app: the draw, the tab bar and the signed-in routes. A chunk of its own, so a
// newcomer's first screen does not load the draw, the live channel and the home screen; App
// starts loading it as soon as a player is signed in or reaches /login.
import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { GrandPrizeOverlay } from '../features/draw-cycle/GrandPrizeOverlay';
import { HomePage } from '../features/draw-cycle/HomePage';
import { TabBar } from '../features/session/TabBar';
import { YouveEnteredPage } from '../features/questionnaire/YouveEnteredPage';
// The rewards are timed from the moment their screen opens: their view comes with the signed-in
// app, so no reward loses its time to a chunk still loading.
import { RewardsPage } from '../features/reward-playback/RewardsPage';
import { LoadingScreen } from '../components/LoadingScreen';
import { RedirectUnlessTraversed } from '../components/RedirectUnlessTraversed';
import { DrawRecord, isDrawRecordPath, Privacy, Rules, Terms } from './routes';
import { PATHS } from '../../machines/shared/paths';
import { selectFinalTestFeature } from '../../machines/session/session.selectors';
import { FinalTestPage } from '../features/final-test/FinalTestPage';
import { useChildActor } from '../lib/system';
import { preloadable } from '../lib/preloadable';
import { SessionContext } from '../lib/session-context';
import { useRouteSync, type Opening } from '../lib/route-sync';
import type { SessionEvent } from '../../machines/session/session.machine';

function openedWhileSignedIn({ path, state }: Opening): SessionEvent {
  return { type: 'route.opened', path, navigationState: state };
}

/**
 * The screen the root shows (each signed-in flow reports its own) and the address bar, kept in
 * step: the session hears every address the player opens and passes it on.
 */
function SignedInRouteSync() {
  useRouteSync(SessionContext.useActorRef(), openedWhileSignedIn, isSignedInPath);
  return null;
}

const PlayersPage = preloadable(() => import('../features/players/PlayersPage'), 'PlayersPage');
const PlayersTutorialPage = preloadable(
  () => import('../features/players/PlayersTutorialPage'),
  'PlayersTutorialPage',
);
const WhatILikePage = preloadable(
  () => import('../features/questionnaire/WhatILikePage'),
  'WhatILikePage',
);
const DisclosurePage = preloadable(
  () => import('../features/questionnaire/DisclosurePage'),
  'DisclosurePage',
);
const QuestionnairePage = preloadable(
  () => import('../features/questionnaire/QuestionnairePage'),
  'QuestionnairePage',
);
const WinningsPage = preloadable(
  () => import('../features/winnings/WinningsDrawer'),
  'WinningsPage',
);
const GrandPrizePage = preloadable(
  () => import('../features/winnings/GrandPrizePage'),
  'GrandPrizePage',
);
const ContactUsPage = preloadable(
  () => import('../features/winnings/ContactUsPage'),
  'ContactUsPage',
);
const WalletScreens = preloadable(
  () => import('../features/wallet/WalletScreens'),
  'WalletScreens',
);

type SignedInScreen = {
  /** The address that shows the screen, exactly, or with its sub-paths too (`nest`). */
  path: string;
  /** The screen; one whose code loads on demand (`preloadable`) can be loaded ahead. */
  component: ComponentType & { preload?: () => Promise<unknown> };
  nest?: true;
};

/**
 * A signed-in player's screens (spec section 2, and the wallet's two), by address: the routes
 * and the preloading both read this one table. A draw's record (/draws/{id}) comes apart.
 */
const SIGNED_IN_SCREENS: readonly SignedInScreen[] = [
  { path: PATHS.home, component: HomePage, nest: true },
  { path: PATHS.youveEntered, component: YouveEnteredPage },
  { path: PATHS.rewards, component: RewardsPage },
  { path: PATHS.whatILike, component: WhatILikePage },
  { path: PATHS.disclosure, component: DisclosurePage },
  { path: PATHS.questionnaire, component: QuestionnairePage },
  { path: PATHS.winnings, component: WinningsPage },
  { path: PATHS.grandPrize, component: GrandPrizePage },
  { path: PATHS.contactUs, component: ContactUsPage },
  { path: PATHS.players, component: PlayersPage },
  { path: PATHS.playersTutorial, component: PlayersTutorialPage },
  // One component for both: the instructions hand over to the tickets in one wallet.
  { path: PATHS.wallet, component: WalletScreens },
  { path: PATHS.walletTokens, component: WalletScreens },
  { path: PATHS.privacyPolicy, component: Privacy },
  { path: PATHS.terms, component: Terms },
  { path: PATHS.rules, component: Rules },
];

/** The same for every address of one screen. */
const screenKey = (component: SignedInScreen['component']): number =>
  SIGNED_IN_SCREENS.findIndex((screen) => screen.component === component);

/** Whether the signed-in app has `path`. */
function isSignedInPath(path: string): boolean {
  return (
    SIGNED_IN_SCREENS.some(
      (screen) => screen.path === path || (screen.nest && path.startsWith(`${screen.path}/`)),
    ) || isDrawRecordPath(path)
  );
}

/**
 * Loads the code of the screen at `path`, if it comes on demand, so that the first render draws
 * that screen at once instead of its loading shape.
 */
export async function preloadScreen(path: string): Promise<void> {
  await SIGNED_IN_SCREENS.find((screen) => screen.path === path)?.component.preload?.();
}

/**
 * The screens a press leads to from each screen of it, loaded while that screen shows: reached,
 * they draw at once instead of their loading shape, which React keeps up for 300 ms at least.
 */
const NEXT_SCREENS: Readonly<Record<string, readonly string[]>> = {
  [PATHS.youveEntered]: [PATHS.whatILike, PATHS.disclosure, PATHS.questionnaire],
  [PATHS.whatILike]: [PATHS.disclosure, PATHS.questionnaire],
  [PATHS.disclosure]: [PATHS.questionnaire],
};

/**
 * Starts loading the code of the screen at `path`, which the player is about to open (the next
 * screen of a press, a tab under the finger). A failure shows when the screen itself loads.
 */
function loadScreenAhead(path: string): void {
  void preloadScreen(path).catch(() => undefined);
}

/** Loads the code of the screens the player is about to reach from the one at the address. */
function usePreloadNextScreens(): void {
  const [location] = useLocation();
  useEffect(() => {
    for (const next of NEXT_SCREENS[location] ?? []) loadScreenAhead(next);
  }, [location]);
}

/** The entry flow's addresses: signing in ends on one of them. */
const SIGNING_IN_PATHS: readonly string[] = [
  PATHS.start,
  PATHS.disclaimer,
  PATHS.inviteCode,
  PATHS.onboarding,
  PATHS.phoneLogin,
  PATHS.login,
];

/**
 * The entry flow's screen the player signed in on, while the address bar still shows it (the
 * signed-in app has just opened there); null once the player is anywhere else.
 */
function useSignInScreen(): string | null {
  const [location] = useLocation();
  const [signedInAt] = useState(() => (SIGNING_IN_PATHS.includes(location) ? location : null));
  const [left, setLeft] = useState(false);
  if (!left && location !== signedInAt) setLeft(true);
  return left ? null : signedInAt;
}

/**
 * /home in place of an address the signed-in app does not have. Signing in moves on from the
 * screen it ended on: /home is a new entry after it, as after any screen a flow moves on from.
 * Any other address (a typed one) is replaced, so Back does not bounce. One reached by Back or
 * Forward (a sign-in screen) is not shown: the route sync steps on past it, or, with nothing
 * further that way, /home replaces it.
 */
function ToHome({ signInScreen }: { signInScreen: string | null }) {
  const [location] = useLocation();
  return <RedirectUnlessTraversed to={PATHS.home} replace={location !== signInScreen} />;
}

/** The shape of the screen on its way: the black button on /home, a page elsewhere. */
function RouteLoading() {
  const [location] = useLocation();
  return <LoadingScreen shape={location.startsWith(PATHS.home) ? 'home' : 'page'} />;
}

/** A signed-in player's routes (spec section 2, and the wallet's two); others go to /home. */
export function SignedInRoutes({ signInScreen = null }: { signInScreen?: string | null }) {
  return (
    <Suspense fallback={<RouteLoading />}>
      <Switch>
        {SIGNED_IN_SCREENS.map(({ path, component, nest }) => (
          // Keyed by the screen: one shown at two addresses stays the same from one to the other.
          <Route key={screenKey(component)} path={path} nest={nest} component={component} />
        ))}
        <Route path={/^\/draws\/[1-9][0-9]*$/} component={DrawRecord} />
        <Route>
          <ToHome signInScreen={signInScreen} />
        </Route>
      </Switch>
    </Suspense>
  );
}

/** While the signed-in flows load: busy at a signed-in address; any other goes to /home. */
function LoadingFlows({ signInScreen }: { signInScreen: string | null }) {
  const [location] = useLocation();
  return isSignedInPath(location) ? <RouteLoading /> : <ToHome signInScreen={signInScreen} />;
}

/**
 * The draw runs while a player is signed in: the session invokes it (the timer is fetched only
 * then). While FEATURE_FINAL_TEST is on, every signed-in route shows the final-test page instead.
 */
export default function SignedInApp() {
  const drawCycle = useChildActor('drawCycle');
  const signInScreen = useSignInScreen();
  const finalTest = SessionContext.useSelector(selectFinalTestFeature);
  const [location] = useLocation();
  usePreloadNextScreens();
  if (finalTest) {
    return (
      <div className="signed-in">
        <SignedInRouteSync />
        {isSignedInPath(location) ? <FinalTestPage /> : <ToHome signInScreen={signInScreen} />}
      </div>
    );
  }
  if (!drawCycle) return <LoadingFlows signInScreen={signInScreen} />;
  return (
    <div className="signed-in">
      <SignedInRouteSync />
      <SignedInRoutes signInScreen={signInScreen} />
      <TabBar onIntent={loadScreenAhead} />
      <GrandPrizeOverlay />
    </div>
  );
}
