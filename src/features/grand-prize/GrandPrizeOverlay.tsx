import { formatPrize } from '../../../machines/session/session.selectors';
import {
  selectGrandPrizeAmount,
  selectIsShowingGrandPrize,
} from '../../../machines/draw-cycle/draw-cycle.selectors';
import { useDrawCycleSelector } from '../../app/draw-status';
import './grand-prize.css';

/** The full-screen 'YOU WON!' view, over /home (the draw cycle shows it only there). */
export function GrandPrizeOverlay() {
  const isShowing = useDrawCycleSelector(selectIsShowingGrandPrize);
  const amount = useDrawCycleSelector(selectGrandPrizeAmount);
  if (!isShowing) return null;
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
    </div>
  );
}
