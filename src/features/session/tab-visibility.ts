// Which tabs the signed-in bar shows (spec section 2). A pure function of what the screen on
// display says of the bar (its `meta.tabs`, machines/shared/routes.ts, carried in the screen the
// session shows) and of what the session and the draw allow, so every rule is tested without
// rendering.
import { PATHS } from '../../../machines/shared/paths';
import { TAB_IDS, type ScreenTabs, type TabId } from '../../../machines/shared/routes';

export type { TabId };

export type TabBarState = {
  /** What the screen on display says of the bar (`EVERY_TAB` when it says nothing). */
  screen: ScreenTabs;
  /** The session lets the bar show (a screen may hide it for a while). */
  canSeeTabs: boolean;
  /** The session is busy with a call that changes it. */
  loading: boolean;
  /** The draw lets the player press the button now: the bar then stays off /home. */
  canEnterDraw: boolean;
  /** A Tell Us More session is under way: only the Home tab shows. */
  isAnsweringFromTellUsMore: boolean;
  /** The tell-us-more feature flag. */
  tellUsMoreEnabled: boolean;
  /**
   * The app's settings are known (the feature flags above among them): until then the bar
   * waits, so that no tab appears later beside the others and moves them under a finger.
   */
  settingsKnown: boolean;
};

/** The tabs to show, in order; an empty list means the bar is hidden. */
export function selectVisibleTabs(state: TabBarState): TabId[] {
  const { screen } = state;
  if (!state.canSeeTabs || state.loading || !state.settingsKnown) return [];
  if (screen === 'none') return [];
  const onHome = screen === 'home';
  // A Tell Us More session shows only the Home tab, on its questions too (spec section 2).
  if (state.isAnsweringFromTellUsMore) return onHome ? [] : ['home'];
  if (screen === 'questions') return [];
  if (onHome && state.canEnterDraw) return [];
  const without: readonly TabId[] = onHome ? ['home'] : screen.without;
  return TAB_IDS.filter(
    (id) => !without.includes(id) && (id !== 'tellUsMore' || state.tellUsMoreEnabled),
  );
}

/** The screens each tab opens: its own address first, then the screens that belong to it. */
export const TAB_SCREENS: Record<TabId, readonly [string, ...string[]]> = {
  winnings: [PATHS.winnings, PATHS.grandPrize, PATHS.contactUs],
  home: [PATHS.home],
  tellUsMore: [PATHS.questionnaire],
  players: [PATHS.players, PATHS.playersTutorial],
};

/**
 * The tab whose screen is open at `location` (the bar marks it), or null on a screen of no tab
 * (the wallet, the rules). /home takes sub-paths.
 */
export function selectOpenTab(location: string): TabId | null {
  return (
    TAB_IDS.find((id) =>
      TAB_SCREENS[id].some((path) => location === path || location.startsWith(`${path}/`)),
    ) ?? null
  );
}
