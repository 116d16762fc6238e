import type { Clock } from '../../machines/shared/clock';
import { Suspense, useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { Router, useLocation } from 'wouter';
import { fromPromise, type ActorOptions } from 'xstate';
import type { EntryFlowMachine } from '../../machines/entry-flow/entry-flow.machine';
import { SYSTEM_IDS, type SignedInFlows } from '../../machines/session/session.machine';
import { browserStorage, readStoredSession } from '../../machines/session/session.persistence';
import { selectIsAuthenticated } from '../../machines/session/session.selectors';
import { isDesktopDevice } from '../features/entry-flow/device';
import { canShare } from '../features/players/share';
import { setUnauthorizedHandler } from '../lib/api-on-demand';
import { preloadable } from '../lib/preloadable';
import { subscribeToastsWanted, toastsWanted } from '../lib/toast';
import { InstallGate } from './InstallGate';
import { LoadingScreen } from '../components/LoadingScreen';
import { SessionContext } from '../lib/session-context';
import { loadLoginPage, SignedOutRoutes } from './routes';
import { connectedSessionMachine } from './session-context';
import { writeRootToDevice } from '../../machines/session/session.device';
import { useRootEffects } from './system-sync';
import { useChildActor } from '../lib/system';
// The design system's tokens first: every stylesheet after them reads them.
import '../styles/tokens.css';
import './global.css';

type SessionLogic = typeof connectedSessionMachine;

const SignedInApp = preloadable(() => import('./SignedInApp'), 'default');

/**
 * A signed-in player's first screen, its code loaded before the app's first render (App shows
 * the signed-in app at once, not its loading shape first); nothing for a visitor. The page's
 * own loading shape stays up meanwhile. A chunk that fails to load is tried again on render.
 */
export async function loadFirstScreen(path: string): Promise<void> {
  if (!readStoredSession(browserStorage()).hasToken) return;
  try {
    const [, signedIn] = await Promise.all([SignedInApp.preload(), import('./SignedInApp')]);
    await signedIn.preloadScreen(path);
  } catch {
    // Rendered lazily instead.
  }
}
const Toasts = preloadable(() => import('./Toasts'), 'default');

export type AppProps = {
  /** The session (the root of the system) with its calls; tests give one with fake calls. */
  sessionLogic?: SessionLogic;
  /** The entry flow the session invokes while signed out; tests give one with fake calls. */
  entryFlowLogic?: EntryFlowMachine;
  /** Loads the flows the session runs while signed in (the draw, the players screen); tests give them with fakes. */
  loadFlows?: () => Promise<SignedInFlows>;
  /**
   * Clock and inspection of the whole system (tests move time and record transitions). The
   * clock runs the delays and is the one the machines read the time from.
   */
  sessionOptions?: Pick<ActorOptions<SessionLogic>, 'inspect'> & { clock?: Clock };
  /** The Stately inspector (development, `?inspect`): watches every actor of the system. */
  inspect?: ActorOptions<SessionLogic>['inspect'];
};

/**
 * Carries out what the root emits, writes what it holds of the device (the one writer), and
 * lets a 401 anywhere sign the player out. Layout effects: attached before the actors start.
 */
function useSystemInTheBrowser() {
  const session = SessionContext.useActorRef();
  useRootEffects(session);
  useLayoutEffect(() => writeRootToDevice(session, browserStorage()), [session]);
  useEffect(() => {
    setUnauthorizedHandler(() => session.send({ type: 'session.unauthorized' }));
    return () => setUnauthorizedHandler(() => undefined);
  }, [session]);
}

/** A visitor: the entry pages, while the session runs the entry flow. */
function SignedOutApp() {
  const [, navigate] = useLocation();
  const entryFlow = useChildActor('entryFlow');
  if (!entryFlow) return <LoadingScreen />;
  return <SignedOutRoutes onLeaveInstall={() => navigate('/', { replace: true })} />;
}

function Shell() {
  useSystemInTheBrowser();
  const isAuthenticated = SessionContext.useSelector(selectIsAuthenticated);
  const [location] = useLocation();
  // A player typing their phone is about to type a code: have /login ready; a player typing
  // their code is about to be signed in: have the signed-in app ready.
  useEffect(() => {
    if (location === '/onboarding' || location === '/phone-login') void loadLoginPage();
    if (location === '/login') void SignedInApp.preload();
  }, [location]);
  return (
    <InstallGate>
      {isAuthenticated ? (
        <Suspense fallback={<LoadingScreen />}>
          <SignedInApp />
        </Suspense>
      ) : (
        <SignedOutApp />
      )}
    </InstallGate>
  );
}

export function App({
  sessionLogic = connectedSessionMachine,
  entryFlowLogic,
  loadFlows,
  sessionOptions,
  inspect,
}: AppProps) {
  const showsToasts = useSyncExternalStore(subscribeToastsWanted, toastsWanted, toastsWanted);
  // Read once, the device's storage with the rest: the system keeps its own state from then on.
  const [logic] = useState(() =>
    entryFlowLogic || loadFlows
      ? sessionLogic.provide({
          actors: {
            ...(entryFlowLogic ? { entryFlow: entryFlowLogic } : {}),
            ...(loadFlows ? { loadSignedInFlows: fromPromise(loadFlows) } : {}),
          },
        })
      : sessionLogic,
  );
  const [input] = useState(() => ({
    ...readStoredSession(browserStorage()),
    isDesktop: isDesktopDevice(),
    canShare: canShare(),
    origin: window.location.origin,
    ...(sessionOptions?.clock ? { clock: sessionOptions.clock } : {}),
  }));
  return (
    <>
      {showsToasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <Router>
        <SessionContext.Provider
          logic={logic}
          options={{
            systemId: SYSTEM_IDS.session,
            input,
            ...(inspect ? { inspect } : {}),
            ...sessionOptions,
          }}
        >
          <Shell />
        </SessionContext.Provider>
      </Router>
    </>
  );
}
