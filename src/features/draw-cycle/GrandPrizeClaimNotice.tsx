import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { formatPrize } from '../../../machines/session/session.selectors';
import { PATHS } from '../../../machines/shared/paths';
import { selectAmountToClaim } from '../../../machines/winnings/winnings.selectors';
import { useChildActor } from '../../lib/system';

/**
 * On /home (in its page, HomePage), until the winner has claimed their grand prize: 'Claim your $X prize', leading to
 * the claim. 'YOU WON!' shows for 3 s only; this stays, so a winner who missed it still finds
 * the way.
 */
export function GrandPrizeClaimNotice() {
  const winnings = useChildActor('winnings');
  const amount = useSelector(winnings, (snapshot) =>
    snapshot ? selectAmountToClaim(snapshot) : null,
  );
  if (amount === null) return null;
  return (
    // "~": /home is a nested route, and the claim is at the app's /grandPrize.
    <Link href={`~${PATHS.grandPrize}`} className="grand-prize-notice">
      {amount > 0 ? `Claim your ${formatPrize(amount)} prize` : 'Claim your prize'}
    </Link>
  );
}
