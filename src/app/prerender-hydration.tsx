// React taking over a built first screen (prerender-pages.ts). The page was rendered at build
// time from the real components, with the entry flow already on its screen. In the browser the
// flow starts on no screen and reaches it a moment later, once the route sync has told it the
// address (an effect): until then the screen's part of the page stays as the server sent it
// (a Suspense boundary that suspends while hydrating keeps its HTML), then it hydrates against
// the very same render. Where the page does not fit the visit, the app renders afresh instead.
import { use, useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { EntryFlowMachine } from '../../machines/entry-flow/entry-flow.machine';
import { readRoute } from '../../machines/entry-flow/entry-flow.routes';
import { browserStorage, readStoredSession } from '../../machines/session/session.persistence';
import { initialContext } from '../../machines/session/session.types';
import { isDesktopDevice } from '../features/entry-flow/device';
import { decideInstallScreen, isStandalone } from '../features/install/install-mode';
import { useChildActor } from '../lib/system';
import { readString, STORAGE_KEYS } from '../lib/storage';
import { pageFits } from './prerender-fit';
import {
  isPrerenderedPage,
  PAGE_ATTRIBUTE,
  STALE_ATTRIBUTE,
  type PrerenderedPage,
} from './prerender-pages';

/** The built page this document holds, when React may take it over as it is. */
export function pageToHydrate(): PrerenderedPage | null {
  const html = document.documentElement;
  const page = html.getAttribute(PAGE_ATTRIBUTE) ?? undefined;
  if (!isPrerenderedPage(page) || html.hasAttribute(STALE_ATTRIBUTE)) return null;
  const { pathname: path, search } = window.location;
  const { stored, hasToken } = readStoredSession(browserStorage());
  const session = initialContext({ stored, hasToken });
  const route = readRoute({ path: '/', search, navigationState: window.history.state });
  const fits = pageFits(page, path, {
    signedIn: session.isAuthenticated,
    termsAccepted: session.hasAcceptedTerms,
    desktop: isDesktopDevice(),
    installGuide: decideInstallScreen({
      path,
      search,
      standalone: isStandalone(),
      storedFlag: readString(STORAGE_KEYS.showInstall),
    }).show,
    inviteLink: route.inviteLinkCode !== null,
    ticketReceived: route.ticketReceived,
  });
  return fits ? page : null;
}

/**
 * Clears a built page the app will not take over (it may be hidden already, see
 * prerender-guard.ts): the app's own render replaces it.
 */
export function dropPrerenderedPage(root: HTMLElement): void {
  if (!document.documentElement.hasAttribute(PAGE_ATTRIBUTE)) return;
  root.replaceChildren();
  release(root);
  document.documentElement.removeAttribute(STALE_ATTRIBUTE);
}

/** Lets go of the root the page's guard held still (prerender-guard.ts). */
function release(root: HTMLElement): void {
  root.inert = false;
  root.removeAttribute('aria-hidden');
}

/** The built screen is React's now: taps and typing reach the app. */
function releasePrerenderedScreen(): void {
  const root = document.getElementById('root');
  if (root) release(root);
}

const unchanging = () => () => undefined;

/** True while React hydrates a server-rendered part (and on the server), false otherwise. */
function useHydrating(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => false,
    () => true,
  );
}

/**
 * What renders only once React has taken the page over (nothing of it is in the page): the
 * route sync reads the root with a store of its own that has no server side.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrating() ? null : children;
}

type EntryFlowActor = ActorRefFrom<EntryFlowMachine>;

const screenShown = new WeakMap<EntryFlowActor, Promise<void>>();

/** Settles once the entry flow shows a screen (it has been told where the visitor is). */
function whenScreenShown(flow: EntryFlowActor): Promise<void> {
  let shown = screenShown.get(flow);
  if (!shown) {
    shown = new Promise<void>((resolve) => {
      const subscription = flow.subscribe((snapshot) => {
        if (snapshot.matches('awaitingRoute')) return;
        subscription.unsubscribe();
        resolve();
      });
    });
    screenShown.set(flow, shown);
  }
  return shown;
}

/**
 * The signed-out screens. While React hydrates a built page, they wait for the entry flow to
 * show its screen (the one the page was rendered on); their HTML stays on screen meanwhile.
 */
export function FirstScreen({ children }: { children: ReactNode }) {
  const hydrating = useHydrating();
  const flow = useChildActor('entryFlow');
  const awaitingRoute = useSelector(flow, (snapshot) => snapshot?.matches('awaitingRoute'));
  if (hydrating && flow && awaitingRoute) use(whenScreenShown(flow));
  useLayoutEffect(releasePrerenderedScreen, []);
  return children;
}
