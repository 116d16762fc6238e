// What views read from the session. Each returns a small value, so a view re-renders only
// when what it shows changes.
import type { SnapshotFrom } from 'xstate';
import { screenOnDisplay } from '../shared/root';
import { EVERY_TAB, type ScreenTabs } from '../shared/routes';
import type { SessionMachine } from './session.machine';

type SessionSnapshot = SnapshotFrom<SessionMachine>;

export const selectIsAuthenticated = (s: SessionSnapshot) => s.context.isAuthenticated;
export const selectHasAcceptedTerms = (s: SessionSnapshot) => s.context.hasAcceptedTerms;
export const selectIsFirstTimeUser = (s: SessionSnapshot) => s.context.isFirstTimeUser;
export const selectIsFirstQuestionnaire = (s: SessionSnapshot) => s.context.isFirstQuestionnaire;
export const selectGrandPrizeHasBeenShown = (s: SessionSnapshot) =>
  s.context.grandPrizeHasBeenShown;
export const selectHasSeenInstructions = (s: SessionSnapshot) => s.context.hasSeenInstructions;
export const selectUser = (s: SessionSnapshot) => s.context.user;
export const selectLoading = (s: SessionSnapshot) => s.context.loading;
export const selectCanSeeTabs = (s: SessionSnapshot) => s.context.canSeeTabs;

/** The prize shown on the button: the user's main_price; hidden (null) when it is 0. */
export const selectPrizeAmount = (s: SessionSnapshot): number | null => {
  const amount = s.context.user?.main_price ?? 0;
  return amount > 0 ? amount : null;
};

export const selectOperatorName = (s: SessionSnapshot) => s.context.appConfig.operatorName;
export const selectContactEmail = (s: SessionSnapshot) => s.context.appConfig.contactEmail;
export const selectPlayersFeature = (s: SessionSnapshot) => s.context.appConfig.features.players;
/**
 * The app's settings are known: loaded, or asked for in vain at least once (the fallback then
 * holds). Until then the screens that depend on them (the tab bar) wait rather than move.
 */
export const selectSettingsKnown = (s: SessionSnapshot): boolean =>
  !s.matches({ config: 'loading' }) || s.context.configFailures > 0;
export const selectTellUsMoreFeature = (s: SessionSnapshot) =>
  s.context.appConfig.features.tellUsMore;
export const selectFinalTestFeature = (s: SessionSnapshot) =>
  s.context.appConfig.features.finalTest;
/**
 * DEMO_MODE, for the drawer's 'Reset demo'. The drawer's views also run under stand-ins for the
 * session that carry no settings (the winnings walks): there the demo is off.
 */
export const selectDemoFeature = (s: SessionSnapshot): boolean =>
  (s.context as Partial<SessionSnapshot['context']>).appConfig?.features.demo ?? false;

/** Whether the operator's settings have arrived (otherwise the fallback is in use). */
export const selectConfigLoaded = (s: SessionSnapshot) => s.matches({ config: 'loaded' });

export const selectIsLoggingOut = (s: SessionSnapshot) =>
  s.matches({ auth: { signedIn: 'loggingOut' } });
export const selectIsDeletingAccount = (s: SessionSnapshot) =>
  s.matches({ auth: { signedIn: 'deletingAccount' } });
export const selectIsResettingDemo = (s: SessionSnapshot) =>
  s.matches({ auth: { signedIn: 'resettingDemo' } });

/**
 * Formats a prize amount (whole dollars) as the app shows it: `$500`, `$10,000`. By hand rather
 * than with toLocaleString: the first Intl call loads locale data on the main thread just as
 * the home screen paints.
 */
export function formatPrize(amount: number): string {
  return `$${String(Math.trunc(amount)).replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

/** The screen on display, as the machines reported it to the root (machines/shared/root.ts). */
export const selectScreen = (s: SessionSnapshot) => screenOnDisplay(s.context.screens);
/** The route of the screen on display; null while none is shown. */
export const selectRoute = (s: SessionSnapshot) => selectScreen(s)?.route ?? null;
/**
 * What the screen on display says of the tab bar (its state's `meta.tabs`; every tab when it
 * says nothing); null while no machine shows a screen (a legal page, the players' tutorial).
 */
export const selectScreenTabs = (s: SessionSnapshot): ScreenTabs | null => {
  const screen = selectScreen(s);
  return screen ? (screen.tabs ?? EVERY_TAB) : null;
};
