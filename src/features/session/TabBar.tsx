import { Link, useLocation } from 'wouter';
import { SessionContext } from '../../lib/session-context';
import {
  selectCanSeeTabs,
  selectLoading,
  selectTellUsMoreFeature,
} from '../../../machines/session/session.selectors';
import { useDrawStatus } from '../../lib/draw-status';
import { selectVisibleTabs, type TabId } from './tab-visibility';
import './tabs.css';

const TABS: Record<TabId, { label: string; to: string }> = {
  winnings: { label: 'WINNINGS', to: '/winnings' },
  home: { label: 'Home', to: '/home' },
  tellUsMore: { label: 'Tell Us More', to: '/questionnaire' },
  players: { label: 'Players', to: '/players' },
};

/** The signed-in bottom tab bar; which tabs show is decided by `selectVisibleTabs`. */
export function TabBar() {
  const [path] = useLocation();
  const canSeeTabs = SessionContext.useSelector(selectCanSeeTabs);
  const loading = SessionContext.useSelector(selectLoading);
  const tellUsMoreEnabled = SessionContext.useSelector(selectTellUsMoreFeature);
  const { canEnterDraw, isAnsweringFromTellUsMore, showTellUsMore } = useDrawStatus();
  const tabs = selectVisibleTabs({
    path,
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
