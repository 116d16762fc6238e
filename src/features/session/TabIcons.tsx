// The tab bar's drawings, one per tab: strokes on a 24-unit square in the tab's own colour, so
// the open tab's icon darkens with its label. They decorate: the label names the tab.
import type { TabId } from './tab-visibility';

const ICON_PATHS: Record<TabId, string> = {
  // A cup: what the player has won.
  winnings:
    'M7 4h10v4.5a5 5 0 0 1-10 0zM7 6H4.5v1a3.5 3.5 0 0 0 3 3.4M17 6h2.5v1a3.5 3.5 0 0 1-3 3.4M12 13.5V17M8.5 20.5h7M9.5 17h5v3.5h-5z',
  home: 'M3.5 11 12 4l8.5 7M5.5 9.5v10.5h13V9.5M10 20v-5.5h4V20',
  // A speech bubble: the questions.
  tellUsMore: 'M4 5h16v11h-9l-5 4v-4H4zM8.5 10.5h.01M12 10.5h.01M15.5 10.5h.01',
  // Two people: the players the player picked.
  players:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20a6.5 6.5 0 0 1 13 0M15.5 4.3a3.5 3.5 0 0 1 0 6.4M18 14a6.5 6.5 0 0 1 3.5 6',
};

export function TabIcon({ tab }: { tab: TabId }) {
  return (
    <svg
      className="tab-bar__svg"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={ICON_PATHS[tab]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
