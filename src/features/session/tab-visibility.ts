// Which tabs the signed-in bar shows (spec section 2). A pure function of where the player is
// and what the session and the draw allow, so every rule is tested without rendering.

export type TabId = 'winnings' | 'home' | 'tellUsMore' | 'players';

export type TabBarState = {
  /** The current path, without query string. */
  path: string;
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
};

/** Screens of the entry and reward flows, recognised by their last path segment (spec 2). */
export const ONBOARDING_SEGMENTS: ReadonlySet<string> = new Set([
  'discount-information',
  'notification-and-reminder',
  'disclosure',
  'questionnaire',
  'rewards',
  'what-i-like',
  'youve-entered',
]);

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

function isUnder(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`);
}

export function isOnboardingPath(path: string): boolean {
  const last = segments(path).at(-1);
  return last !== undefined && ONBOARDING_SEGMENTS.has(last);
}

/** The tabs to show, in order; an empty list means the bar is hidden. */
export function selectVisibleTabs(state: TabBarState): TabId[] {
  const { path } = state;
  if (!state.canSeeTabs || state.loading) return [];
  if (isUnder(path, '/form')) return [];
  const onHome = isUnder(path, '/home');
  // A Tell Us More session shows only the Home tab, on its questions too (spec section 2).
  if (state.isAnsweringFromTellUsMore) return onHome ? [] : ['home'];
  if (isOnboardingPath(path)) return [];
  if (onHome && state.canEnterDraw) return [];

  const tabs: TabId[] = [];
  if (!['/privacy-policy', '/winnings', '/terms-and-conditions'].some((p) => isUnder(path, p))) {
    tabs.push('winnings');
  }
  if (!onHome) tabs.push('home');
  if (state.tellUsMoreEnabled && !isUnder(path, '/questionnaire') && !isUnder(path, '/players')) {
    tabs.push('tellUsMore');
  }
  if (!isUnder(path, '/players')) tabs.push('players');
  return tabs;
}
