import { Link } from 'wouter';
import { SessionContext } from '../../lib/session-context';
import {
  selectCanSeeTabs,
  selectLoading,
  selectScreenTabs,
  selectTellUsMoreFeature,
} from '../../../machines/session/session.selectors';
import { useDrawStatus } from '../../lib/draw-status';
import { EVERY_TAB } from '../../../machines/shared/routes';
import { selectVisibleTabs, type TabId } from './tab-visibility';
import './tabs.css';

const TABS: Record<TabId, { label: string; to: string }> = {
  winnings: { label: 'WINNINGS', to: '/winnings' },
  home: { label: 'Home', to: '/home' },
  tellUsMore: { label: 'Tell Us More', to: '/questionnaire' },
  players: { label: 'Players', to: '/players' },
};

/**
 * The signed-in bottom tab bar; which tabs show is decided by `selectVisibleTabs`, from what the
 * screen on display says of the bar (its state's `meta.tabs`, reported to the session).
 */
export function TabBar() {
  const screenTabs = SessionContext.useSelector(selectScreenTabs);
  const canSeeTabs = SessionContext.useSelector(selectCanSeeTabs);
  const loading = SessionContext.useSelector(selectLoading);
  const tellUsMoreEnabled = SessionContext.useSelector(selectTellUsMoreFeature);
  const { canEnterDraw, isAnsweringFromTellUsMore, showTellUsMore } = useDrawStatus();
  const tabs = selectVisibleTabs({
    // No machine shows the page open now (the rules, the players' tutorial): every tab.
    screen: screenTabs ?? EVERY_TAB,
    canSeeTabs,
    loading,
    canEnterDraw,
    isAnsweringFromTellUsMore,
    // The tab shows while the feature is on and the timer says questions are left.
    tellUsMoreEnabled: tellUsMoreEnabled && showTellUsMore,
  });
  if (tabs.length === 0) return null;
  return (
    <nav className="tab-bar" aria-label="Main">
      {tabs.map((id) => (
        <Link key={id} href={TABS[id].to} className={`tab-bar__tab tab-bar__tab--${id}`}>
          {TABS[id].label}
        </Link>
      ))}
    </nav>
  );
}
