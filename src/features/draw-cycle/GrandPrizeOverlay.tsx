import { Link, useLocation } from 'wouter';
import { HOME_PATH } from '../../../machines/draw-cycle/draw-cycle.machine';
import { formatPrize } from '../../../machines/session/session.selectors';
import {
  selectGrandPrizeAmount,
  selectIsShowingGrandPrize,
} from '../../../machines/draw-cycle/draw-cycle.selectors';
import { useDrawCycleSelector } from '../../lib/draw-status';
import { GrandPrizeClaimNotice } from './GrandPrizeClaimNotice';
import './grand-prize.css';

/**
 * The full-screen 'YOU WON!' view, over /home (the draw cycle shows it only there). The draw
 * hears that the player left /home once the address has changed, after the next screen's
 * first paint; the view goes with the address at once, so it never covers the next screen.
 * Once it has gone, /home keeps 'Claim your $X prize' until the prize is claimed.
 */
export function GrandPrizeOverlay() {
  const isShowing = useDrawCycleSelector(selectIsShowingGrandPrize);
  const amount = useDrawCycleSelector(selectGrandPrizeAmount);
  const [location] = useLocation();
  if (location !== HOME_PATH) return null;
  if (!isShowing) return <GrandPrizeClaimNotice />;
  return (
    <div
      className="grand-prize"
      role="dialog"
      aria-modal="true"
      aria-labelledby="grand-prize-title"
    >
      <p id="grand-prize-title" className="grand-prize__title">
        YOU WON!
      </p>
      {amount !== null && <p className="grand-prize__amount">{formatPrize(amount)}</p>}
      {/* The winner can claim it at once (the drawer lists it too). */}
      <Link href="/grandPrize" className="grand-prize__claim">
        Claim your prize
      </Link>
    </div>
  );
}
