// /grandPrize: the claim of the player's newest unclaimed grand prize, 'Claim with PayPal' or
// 'Claim with Venmo' (spec section 2). The winnings flow loads the prizes and runs the claim.
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { selectGrandPrizePage } from '../../../machines/winnings/winnings.selectors';
import { LoadingScreen } from '../../components/LoadingScreen';
import { useChildActor } from '../../lib/system';
import { useWinningsStep } from './winnings-step';
import { PrizeClaimView } from './PrizeClaim';

export function GrandPrizePage() {
  const flow = useChildActor('winnings');
  const page = useSelector(flow, (snapshot) => (snapshot ? selectGrandPrizePage(snapshot) : null));
  const claim = useWinningsStep('prizeClaim');
  if (page === 'claiming' && claim) {
    return (
      <main className="screen">
        <PrizeClaimView actor={claim} variant="page" />
      </main>
    );
  }
  if (page === 'nothingToClaim') {
    return (
      <main className="screen grand-prize-page">
        <h1>No prize to claim</h1>
        <p>There is no grand prize waiting for a claim. Your winnings are in the WINNINGS tab.</p>
        <Link href="/home" className="primary-button">
          Home
        </Link>
      </main>
    );
  }
  if (page === 'loadFailed') {
    return (
      <main className="screen grand-prize-page">
        <p>Your prizes could not be loaded.</p>
        <button
          type="button"
          className="primary-button"
          onClick={() => flow?.send({ type: 'grandPrize.retry' })}
        >
          Try again
        </button>
      </main>
    );
  }
  return <LoadingScreen />;
}
