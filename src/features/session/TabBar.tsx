import { Link, useLocation } from 'wouter';
import { SessionContext } from '../../lib/session-context';
import {
  selectCanSeeTabs,
  selectLoading,
  selectScreenTabs,
  selectSettingsKnown,
  selectTellUsMoreFeature,
} from '../../../machines/session/session.selectors';
import { useDrawStatus } from '../../lib/draw-status';
import { EVERY_TAB } from '../../../machines/shared/routes';
import { selectOpenTab, selectVisibleTabs, TAB_SCREENS, type TabId } from './tab-visibility';
import { TabIcon } from './TabIcons';
import './tabs.css';

const LABELS: Record<TabId, string> = {
  winnings: 'WINNINGS',
  home: 'Home',
  tellUsMore: 'Tell Us More',
  players: 'Players',
};

/**
 * The signed-in bottom tab bar; which tabs show is decided by `selectVisibleTabs`, from what the
 * screen on display says of the bar (its state's `meta.tabs`, reported to the session). Each tab
 * is an icon over its label; the open one (by the address) is marked three ways: named the
 * current page (a screen reader says so), in the ink colour, with a pill behind its icon.
 * `onIntent` hears of a tab about to be tapped (a finger on it, the keyboard's focus).
 */
export function TabBar({ onIntent }: { onIntent?: (path: string) => void }) {
  const screenTabs = SessionContext.useSelector(selectScreenTabs);
  const canSeeTabs = SessionContext.useSelector(selectCanSeeTabs);
  const loading = SessionContext.useSelector(selectLoading);
  const tellUsMoreEnabled = SessionContext.useSelector(selectTellUsMoreFeature);
  const settingsKnown = SessionContext.useSelector(selectSettingsKnown);
  const { canEnterDraw, isAnsweringFromTellUsMore, showTellUsMore } = useDrawStatus();
  const [location] = useLocation();
  const open = selectOpenTab(location);
  const tabs = selectVisibleTabs({
    // No machine shows the page open now (the rules, the players' tutorial): every tab.
    screen: screenTabs ?? EVERY_TAB,
    canSeeTabs,
    loading,
    canEnterDraw,
    isAnsweringFromTellUsMore,
    // The tab shows while the feature is on and the timer says questions are left.
    tellUsMoreEnabled: tellUsMoreEnabled && showTellUsMore,
    settingsKnown,
  });
  if (tabs.length === 0) return null;
  return (
    <nav className="tab-bar" aria-label="Main">
      {tabs.map((id) => (
        <Link
          key={id}
          href={TAB_SCREENS[id][0]}
          className={`tab-bar__tab tab-bar__tab--${id}`}
          aria-current={id === open ? 'page' : undefined}
          // A finger landing on the tab, or the keyboard reaching it: the app may load the tab's
          // screen before the tap ends.
          onPointerDown={() => onIntent?.(TAB_SCREENS[id][0])}
          onFocus={() => onIntent?.(TAB_SCREENS[id][0])}
        >
          <span className="tab-bar__icon">
            <TabIcon tab={id} />
          </span>
          <span className="tab-bar__label">{LABELS[id]}</span>
        </Link>
      ))}
    </nav>
  );
}
