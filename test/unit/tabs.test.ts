import { describe, expect, it } from 'vitest';
import {
  isOnboardingPath,
  selectVisibleTabs,
  type TabBarState,
} from '../../src/features/session/tab-visibility';

const base: TabBarState = {
  path: '/players-tutorial',
  canSeeTabs: true,
  loading: false,
  canEnterDraw: false,
  isAnsweringFromTellUsMore: false,
  tellUsMoreEnabled: true,
};
const tabsAt = (path: string, changes: Partial<TabBarState> = {}) =>
  selectVisibleTabs({ ...base, path, ...changes });

describe('tab bar visibility', () => {
  it('shows every tab on a page none of the rules touch', () => {
    expect(tabsAt('/players-tutorial')).toEqual(['winnings', 'home', 'tellUsMore', 'players']);
  });

  it('shows Tell Us More only when the feature is on', () => {
    expect(tabsAt('/players-tutorial', { tellUsMoreEnabled: false })).toEqual([
      'winnings',
      'home',
      'players',
    ]);
  });

  it.each(['/privacy-policy', '/winnings', '/terms-and-conditions'])(
    'hides WINNINGS on %s',
    (path) => {
      expect(tabsAt(path)).not.toContain('winnings');
      expect(tabsAt(path)).toContain('home');
    },
  );

  it('keeps WINNINGS on /rules', () => {
    expect(tabsAt('/rules')).toContain('winnings');
  });

  it('hides Home on /home and its sub-paths once the player has entered', () => {
    expect(tabsAt('/home')).toEqual(['winnings', 'tellUsMore', 'players']);
    expect(tabsAt('/home/anything')).not.toContain('home');
  });

  it('hides the whole bar on /home while the player may enter the draw', () => {
    expect(tabsAt('/home', { canEnterDraw: true })).toEqual([]);
    expect(tabsAt('/home/sub', { canEnterDraw: true })).toEqual([]);
  });

  it('keeps the bar elsewhere while the player may enter the draw', () => {
    expect(tabsAt('/players-tutorial', { canEnterDraw: true })).toHaveLength(4);
  });

  it('hides Players and Tell Us More on the players page', () => {
    expect(tabsAt('/players')).toEqual(['winnings', 'home']);
  });

  it('hides the bar when tabs are not allowed', () => {
    expect(tabsAt('/players-tutorial', { canSeeTabs: false })).toEqual([]);
  });

  it('hides the bar while loading', () => {
    expect(tabsAt('/players-tutorial', { loading: true })).toEqual([]);
  });

  it.each(['/form/has-problem', '/form', '/form/anything/else'])(
    'hides the bar on form page %s',
    (path) => {
      expect(tabsAt(path)).toEqual([]);
    },
  );

  it.each([
    'discount-information',
    'notification-and-reminder',
    'disclosure',
    'questionnaire',
    'rewards',
    'what-i-like',
    'youve-entered',
  ])('hides the bar on onboarding-type screens ending in %s', (segment) => {
    expect(tabsAt(`/${segment}`)).toEqual([]);
    expect(tabsAt(`/home/${segment}`)).toEqual([]);
    expect(tabsAt(`/${segment}/`)).toEqual([]);
  });

  it('judges onboarding-type screens by the last segment only', () => {
    expect(isOnboardingPath('/rewards/history')).toBe(false);
    expect(isOnboardingPath('/')).toBe(false);
    expect(tabsAt('/rewards/history')).toHaveLength(4);
  });

  it('shows only Home during a Tell Us More session', () => {
    expect(tabsAt('/players-tutorial', { isAnsweringFromTellUsMore: true })).toEqual(['home']);
    expect(tabsAt('/home', { isAnsweringFromTellUsMore: true })).toEqual([]);
    // Its questions are an onboarding-type screen, yet the Home tab stays.
    expect(tabsAt('/questionnaire', { isAnsweringFromTellUsMore: true })).toEqual(['home']);
    expect(tabsAt('/questionnaire')).toEqual([]);
  });

  it('does not treat /players-tutorial as the players page', () => {
    expect(tabsAt('/players-tutorial')).toContain('players');
  });
});
