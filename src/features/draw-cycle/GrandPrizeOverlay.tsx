import { Link, useLocation } from 'wouter';
import { HOME_PATH } from '../../../machines/draw-cycle/draw-cycle.machine';
import { formatPrize } from '../../../machines/session/session.selectors';
import {
  selectGrandPrizeAmount,
  selectIsShowingGrandPrize,
} from '../../../machines/draw-cycle/draw-cycle.selectors';
import { useDrawCycleSelector } from '../../lib/draw-status';
import { Dialog } from '../../components/Dialog';
import './grand-prize.css';

/**
 * The full-screen 'YOU WON!' view, over /home (the draw cycle shows it only there). The draw
 * hears that the player left /home once the address has changed, after the next screen's
 * first paint; the view goes with the address at once, so it never covers the next screen.
 * Once it has gone, /home keeps 'Claim your $X prize' until the prize is claimed (its
 * GrandPrizeClaimNotice).
 *
 * It is the app's modal dialog, filling the screen: /home behind it is inert for its 3 s and
 * focus rests on its Claim link. It goes by itself (the draw times it), so Escape has nothing
 * to cancel.
 */
export function GrandPrizeOverlay() {
  const isShowing = useDrawCycleSelector(selectIsShowingGrandPrize);
  const amount = useDrawCycleSelector(selectGrandPrizeAmount);
  const [location] = useLocation();
  if (location !== HOME_PATH || !isShowing) return null;
  return (
    <Dialog label="YOU WON!" className="grand-prize">
      {/* The burst behind the words: drawn, not read. */}
      <div className="grand-prize__rays" aria-hidden="true" />
      <h2 className="grand-prize__title">YOU WON!</h2>
      {amount !== null && <p className="grand-prize__amount">{formatPrize(amount)}</p>}
      {/* The winner can claim it at once (the drawer lists it too). */}
      <Link href="/grandPrize" className="grand-prize__claim">
        Claim your prize
      </Link>
    </Dialog>
  );
}
