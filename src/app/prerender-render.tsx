// The built first screens' HTML (prerender-pages.ts), rendered at build time from the real app
// (scripts/prerender.js runs this in Node, in a stand-in window). The app is the one main.tsx
// starts, with its session already where a new visitor's is once the entry flow has been told
// the address: the flow on the page's screen, its step waiting for the visitor. Nothing calls
// the server: every call of this session waits forever, and it never runs anyway (React runs no
// effects here); only its state is read.
import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { createActor, fromPromise, type ActorOptions, type ActorRefFrom } from 'xstate';
import type { Clock } from '../../machines/shared/clock';
import { connectEntryFlow } from '../../machines/entry-flow/connect';
import type { EntryFlowMachine } from '../../machines/entry-flow/entry-flow.machine';
import type { EntryPath } from '../../machines/entry-flow/entry-flow.routes';
import { createSessionActors } from '../../machines/session/session.actors';
import {
  sessionMachine,
  SYSTEM_IDS,
  type SignedInFlows,
} from '../../machines/session/session.machine';
import type { Api } from '../lib/api';
import { LoadingScreen, type LoadingShape } from '../components/LoadingScreen';
import { App } from './App';
import { PRERENDERED_PAGES, type PrerenderedPage } from './prerender-pages';

/**
 * The modules of the screens each page shows that load lazily (app/routes.tsx): the page names
 * their code (it hydrates sooner) and their stylesheets (it paints styled).
 */
export const LAZY_SCREENS: Readonly<Record<PrerenderedPage, readonly string[]>> = {
  disclaimer: [],
  'starting-page': ['src/features/entry-flow/LandingPage.tsx'],
  'phone-login': ['src/features/entry-flow/PhoneLoginPage.tsx'],
};

const never = <T,>(): Promise<T> => new Promise<T>(() => undefined);

/** An API client whose every call waits forever. */
const waitingApi = new Proxy({} as Api, { get: () => never });

const sessionLogic = sessionMachine.provide({
  actors: {
    ...createSessionActors(waitingApi),
    entryFlow: connectEntryFlow(waitingApi),
    loadSignedInFlows: fromPromise<SignedInFlows>(never),
  },
});

type SessionOptions = ActorOptions<typeof sessionLogic> & { clock?: Clock };

/**
 * The session of a new visitor on a phone (nothing kept on the device) once the entry flow has
 * been told it opened `path` with `search`, as the route sync tells it in the browser.
 */
function sessionAt(path: EntryPath, search: string): SessionOptions {
  const session = createActor(sessionLogic, {
    systemId: SYSTEM_IDS.session,
    input: { stored: null, hasToken: false, isDesktop: false },
  });
  session.start();
  const flow = session.getSnapshot().children[SYSTEM_IDS.entryFlow] as
    ActorRefFrom<EntryFlowMachine> | undefined;
  if (!flow) throw new Error('A new visitor’s session runs no entry flow');
  flow.send({ type: 'route.opened', path, search, navigationState: null });
  if (flow.getSnapshot().matches('awaitingRoute')) {
    throw new Error(`The entry flow shows no screen at ${path}${search}`);
  }
  const snapshot = session.getPersistedSnapshot();
  session.stop();
  return { snapshot };
}

async function html(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The content of #root for `page`: the app as it renders in the browser at the page's address
 * (main.tsx hydrates the same tree: the router told the address, the app in StrictMode).
 */
export function renderPage(page: PrerenderedPage): Promise<string> {
  const { path, search } = PRERENDERED_PAGES[page];
  return html(
    <StrictMode>
      <Router ssrPath={path} ssrSearch={search.replace(/^\?/, '')}>
        <App sessionLogic={sessionLogic} sessionOptions={sessionAt(path, search)} />
      </Router>
    </StrictMode>,
  );
}

/**
 * The shapes a signed-in address's page shows in #root until the app has drawn its screen (the
 * app's own loading screen: the black button's shape on /home, a page's elsewhere). React's
 * first render replaces them.
 */
export async function renderSkeletons(): Promise<Record<LoadingShape, string>> {
  return {
    home: await html(<LoadingScreen shape="home" />),
    page: await html(<LoadingScreen shape="page" />),
  };
}
