import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentProps } from 'react';
import { Router, useLocation } from 'wouter';
import type { ActorOptions } from 'xstate';
import type { LoginResponse } from '../../contract/api';
import {
  persistSession,
  browserStorage,
  readStoredSession,
} from '../../machines/session/session.persistence';
import {
  selectHasAcceptedTerms,
  selectIsAuthenticated,
} from '../../machines/session/session.selectors';
import { EntryFlowProvider } from '../features/entry/EntryFlowProvider';
import type { DrawCycleProvider } from '../features/home/DrawCycleProvider';
import { PlayersLogicContext, connectedPlayersMachine } from '../features/players/players-logic';
import { setUnauthorizedHandler } from '../lib/api';
import { subscribeToastsWanted, toastsWanted } from '../lib/toast';
import { useAppEffects } from './effects';
import { InstallGate } from './InstallGate';
import { LoadingScreen, SignedOutRoutes } from './routes';
import { connectedSessionMachine, SessionContext } from './session-context';
import './global.css';

type SessionLogic = typeof connectedSessionMachine;

const loadSignedInApp = () => import('./SignedInApp');
const SignedInApp = lazy(loadSignedInApp);
const Toasts = lazy(() => import('./Toasts'));

export type AppProps = {
  /** The session machine with its calls; tests give one with fake calls. */
  sessionLogic?: SessionLogic;
  /** Inspection and clock of the session actor (the model tests record transitions, move time). */
  sessionOptions?: Pick<ActorOptions<SessionLogic>, 'inspect' | 'clock'>;
  entryFlowLogic?: ComponentProps<typeof EntryFlowProvider>['logic'];
  playersLogic?: typeof connectedPlayersMachine;
  /** The draw cycle with its calls and live channel; tests give one with fakes. */
  drawCycleLogic?: ComponentProps<typeof DrawCycleProvider>['logic'];
  /** Clock and inspection of the draw-cycle actor. */
  drawCycleOptions?: ComponentProps<typeof DrawCycleProvider>['options'];
  /** The Stately inspector (development, `?inspect`): watches the session and entry flow. */
  inspect?: EntryFlowOptions['inspect'];
};

type EntryFlowOptions = NonNullable<ComponentProps<typeof EntryFlowProvider>['options']>;
type ShellProps = Pick<
  AppProps,
  'entryFlowLogic' | 'inspect' | 'drawCycleLogic' | 'drawCycleOptions'
>;

/** Keeps the device in step with the session and lets a 401 anywhere sign the player out. */
function useSessionDevice() {
  const session = SessionContext.useActorRef();
  useAppEffects(session);
  useEffect(() => persistSession(session, browserStorage()), [session]);
  useEffect(() => {
    setUnauthorizedHandler(() => session.send({ type: 'session.unauthorized' }));
    return () => setUnauthorizedHandler(() => undefined);
  }, [session]);
}

function SignedOutApp({ entryFlowLogic, inspect }: ShellProps) {
  const session = SessionContext.useActorRef();
  const [, navigate] = useLocation();
  const hasAcceptedTerms = SessionContext.useSelector(selectHasAcceptedTerms);
  return (
    <EntryFlowProvider
      hasAcceptedTerms={hasAcceptedTerms}
      onTermsAccepted={() => session.send({ type: 'session.termsAccepted' })}
      onSignedIn={(login: LoginResponse) => session.send({ type: 'session.signedIn', login })}
      logic={entryFlowLogic}
      options={inspect ? { inspect } : undefined}
    >
      <SignedOutRoutes onLeaveInstall={() => navigate('/', { replace: true })} />
    </EntryFlowProvider>
  );
}

function Shell({ entryFlowLogic, inspect, drawCycleLogic, drawCycleOptions }: ShellProps) {
  useSessionDevice();
  const isAuthenticated = SessionContext.useSelector(selectIsAuthenticated);
  const [location] = useLocation();
  // A player typing their code is about to be signed in: have the signed-in app ready.
  useEffect(() => {
    if (location === '/login') void loadSignedInApp();
  }, [location]);
  return (
    <InstallGate>
      {isAuthenticated ? (
        <Suspense fallback={<LoadingScreen />}>
          <SignedInApp
            drawCycleLogic={drawCycleLogic}
            drawCycleOptions={drawCycleOptions}
            inspect={inspect}
          />
        </Suspense>
      ) : (
        <SignedOutApp entryFlowLogic={entryFlowLogic} inspect={inspect} />
      )}
    </InstallGate>
  );
}

export function App({
  sessionLogic = connectedSessionMachine,
  sessionOptions,
  entryFlowLogic,
  playersLogic = connectedPlayersMachine,
  drawCycleLogic,
  drawCycleOptions,
  inspect,
}: AppProps) {
  const showsToasts = useSyncExternalStore(subscribeToastsWanted, toastsWanted, toastsWanted);
  return (
    <>
      {showsToasts && (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      )}
      <Router>
        <SessionContext.Provider
          logic={sessionLogic}
          options={{
            input: readStoredSession(browserStorage()),
            ...(inspect ? { inspect } : {}),
            ...sessionOptions,
          }}
        >
          <PlayersLogicContext.Provider value={playersLogic}>
            <Shell
              entryFlowLogic={entryFlowLogic}
              inspect={inspect}
              drawCycleLogic={drawCycleLogic}
              drawCycleOptions={drawCycleOptions}
            />
          </PlayersLogicContext.Provider>
        </SessionContext.Provider>
      </Router>
    </>
  );
}
