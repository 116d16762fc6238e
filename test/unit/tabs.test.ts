// The tab bar's rules (spec section 2), from what the screen on display says of the bar: each
// screen state of the signed-in flows names its tabs in `meta.tabs` next to its route (the
// winnings flow shows the legal texts the drawer links to), and a page no machine shows (the
// rules, the players' tutorial) has every tab.
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, AnyStateNode, SnapshotFrom } from 'xstate';
import { drawCycleMachine } from '../../machines/draw-cycle/draw-cycle.machine';
import { playersMachine } from '../../machines/players/players.machine';
import { questionnaireMachine } from '../../machines/questionnaire/questionnaire.machine';
import { questionsFlowMachine } from '../../machines/questionnaire/questions-flow.machine';
import { whatILikeMachine } from '../../machines/questionnaire/what-i-like.machine';
import { rewardPlaybackMachine } from '../../machines/reward-playback/reward-playback.machine';
import type { SessionMachine } from '../../machines/session/session.machine';
import { selectScreenTabs } from '../../machines/session/session.selectors';
import { PATHS } from '../../machines/shared/paths';
import type { ReportedScreens } from '../../machines/shared/root';
import { EVERY_TAB, type RouteMeta, type ScreenTabs } from '../../machines/shared/routes';
import { walletMachine } from '../../machines/wallet/wallet.machine';
import { winningsMachine } from '../../machines/winnings/winnings.machine';
import {
  selectOpenTab,
  selectVisibleTabs,
  type TabBarState,
} from '../../src/features/session/tab-visibility';

/** The machines whose screens show in the signed-in app, with the tab bar. */
const SIGNED_IN_MACHINES: AnyStateMachine[] = [
  drawCycleMachine,
  questionsFlowMachine,
  whatILikeMachine,
  questionnaireMachine,
  rewardPlaybackMachine,
  winningsMachine,
  playersMachine,
  walletMachine,
];

/** Every screen state of `machine`: the meta of the states that name a route. */
function screensOf(machine: AnyStateMachine): RouteMeta[] {
  const found: RouteMeta[] = [];
  const visit = (node: AnyStateNode) => {
    const meta = node.meta as RouteMeta | undefined;
    if (meta?.route) found.push(meta);
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return found;
}

const screens = SIGNED_IN_MACHINES.flatMap(screensOf);

/** Whether the screen of `meta` shows at `route` (its own, or one of its other addresses). */
const showsAt = (meta: RouteMeta, route: string) =>
  meta.route === route || (meta.also ?? []).includes(route);

/** What the screens at `route` say of the bar; one answer, however many states show it. */
function tabsOfRoute(route: string): ScreenTabs {
  const said = new Set(
    screens.filter((meta) => showsAt(meta, route)).map((meta) => JSON.stringify(meta.tabs)),
  );
  expect(said.size, `the screens at ${route}`).toBe(1);
  const [tabs] = [...said];
  return tabs === undefined ? EVERY_TAB : (JSON.parse(tabs) as ScreenTabs);
}

const base: TabBarState = {
  screen: EVERY_TAB,
  canSeeTabs: true,
  loading: false,
  canEnterDraw: false,
  isAnsweringFromTellUsMore: false,
  tellUsMoreEnabled: true,
  settingsKnown: true,
};
/** The bar on the screen at `route` (a machine's) or on the page at `route` (no machine's). */
const tabsAt = (route: string, changes: Partial<TabBarState> = {}) => {
  const shown = screens.some((meta) => showsAt(meta, route));
  return selectVisibleTabs({
    ...base,
    screen: shown ? tabsOfRoute(route) : EVERY_TAB,
    ...changes,
  });
};

describe('tab bar visibility', () => {
  it('shows every tab on a page none of the rules touch', () => {
    expect(tabsAt(PATHS.playersTutorial)).toEqual(['winnings', 'home', 'tellUsMore', 'players']);
    expect(tabsAt(PATHS.walletTokens)).toEqual(['winnings', 'home', 'tellUsMore', 'players']);
    expect(tabsAt(PATHS.grandPrize)).toEqual(['winnings', 'home', 'tellUsMore', 'players']);
  });

  it('shows Tell Us More only when the feature is on', () => {
    expect(tabsAt(PATHS.playersTutorial, { tellUsMoreEnabled: false })).toEqual([
      'winnings',
      'home',
      'players',
    ]);
  });

  it.each([PATHS.privacyPolicy, PATHS.winnings, PATHS.terms])('hides WINNINGS on %s', (path) => {
    expect(tabsAt(path)).not.toContain('winnings');
    expect(tabsAt(path)).toContain('home');
  });

  it('keeps WINNINGS on /rules', () => {
    expect(tabsAt(PATHS.rules)).toContain('winnings');
  });

  it('hides Home on /home once the player has entered, whichever flow shows /home', () => {
    expect(tabsAt(PATHS.home)).toEqual(['winnings', 'tellUsMore', 'players']);
    // The draw's /home and the winnings flow's (after a claim) both say so.
    const homes = screens.filter((meta) => meta.route === PATHS.home);
    expect(homes.length).toBeGreaterThanOrEqual(2);
  });

  it('hides the whole bar on /home while the player may enter the draw', () => {
    expect(tabsAt(PATHS.home, { canEnterDraw: true })).toEqual([]);
  });

  it('keeps the bar elsewhere while the player may enter the draw', () => {
    expect(tabsAt(PATHS.playersTutorial, { canEnterDraw: true })).toHaveLength(4);
    expect(tabsAt(PATHS.winnings, { canEnterDraw: true })).toHaveLength(3);
  });

  it('hides Players and Tell Us More on the players page', () => {
    expect(tabsAt(PATHS.players)).toEqual(['winnings', 'home']);
  });

  it('hides the bar when tabs are not allowed', () => {
    expect(tabsAt(PATHS.playersTutorial, { canSeeTabs: false })).toEqual([]);
    expect(tabsAt(PATHS.winnings, { canSeeTabs: false })).toEqual([]);
  });

  it('hides the bar while loading', () => {
    expect(tabsAt(PATHS.playersTutorial, { loading: true })).toEqual([]);
    expect(tabsAt(PATHS.home, { loading: true })).toEqual([]);
  });

  it('waits for the settings, so that no tab appears later and moves the others', () => {
    expect(tabsAt(PATHS.winnings, { settingsKnown: false })).toEqual([]);
    expect(tabsAt(PATHS.home, { settingsKnown: false })).toEqual([]);
    // Known, the bar has its tabs at once: Tell Us More with the others, not after them.
    expect(tabsAt(PATHS.winnings)).toContain('tellUsMore');
  });

  it('hides the bar on the form page, in a Tell Us More session too', () => {
    expect(tabsAt(PATHS.contactUs)).toEqual([]);
    expect(tabsAt(PATHS.contactUs, { isAnsweringFromTellUsMore: true })).toEqual([]);
  });

  it.each([
    PATHS.youveEntered,
    PATHS.rewards,
    PATHS.whatILike,
    PATHS.disclosure,
    PATHS.questionnaire,
  ])('hides the bar on %s, a screen of the questions after a press', (path) => {
    expect(tabsAt(path)).toEqual([]);
  });

  it('shows only Home during a Tell Us More session', () => {
    expect(tabsAt(PATHS.playersTutorial, { isAnsweringFromTellUsMore: true })).toEqual(['home']);
    expect(tabsAt(PATHS.home, { isAnsweringFromTellUsMore: true })).toEqual([]);
    // Its questions hide the bar otherwise, yet the Home tab stays.
    expect(tabsAt(PATHS.questionnaire, { isAnsweringFromTellUsMore: true })).toEqual(['home']);
    expect(tabsAt(PATHS.questionnaire)).toEqual([]);
  });

  it('does not treat /players-tutorial as the players page', () => {
    expect(tabsAt(PATHS.playersTutorial)).toContain('players');
  });

  it('takes the bar of the screen on display from the session, none while no flow shows one', () => {
    const session = (screens: ReportedScreens) =>
      ({ context: { screens } }) as unknown as SnapshotFrom<SessionMachine>;
    const home = { route: PATHS.home, also: [], once: false, tabs: 'home' } as const;
    const wallet = { route: PATHS.walletTokens, also: [], once: false };
    expect(selectScreenTabs(session([]))).toBeNull();
    expect(selectScreenTabs(session([{ by: 'x:1', screen: home }]))).toBe('home');
    // The screen reported last is on display; one that says nothing shows every tab.
    expect(
      selectScreenTabs(
        session([
          { by: 'x:1', screen: home },
          { by: 'x:2', screen: wallet },
        ]),
      ),
    ).toEqual(EVERY_TAB);
  });
});

describe('the open tab', () => {
  it('is the tab whose screen is at the address, /home with its sub-paths', () => {
    expect(selectOpenTab(PATHS.home)).toBe('home');
    expect(selectOpenTab(`${PATHS.home}/anything`)).toBe('home');
    expect(selectOpenTab(PATHS.winnings)).toBe('winnings');
    expect(selectOpenTab(PATHS.grandPrize)).toBe('winnings');
    expect(selectOpenTab(PATHS.questionnaire)).toBe('tellUsMore');
    expect(selectOpenTab(PATHS.players)).toBe('players');
    expect(selectOpenTab(PATHS.playersTutorial)).toBe('players');
  });

  it('is none on a screen of no tab', () => {
    for (const path of [PATHS.wallet, PATHS.walletTokens, PATHS.rules, PATHS.rewards, '/homework'])
      expect(selectOpenTab(path)).toBeNull();
  });
});
