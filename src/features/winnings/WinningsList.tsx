// The drawer's list: the grand prizes, the coupons by brand, the referral bonuses, the coupons
// claimed and the closed draws the player entered (each links to its record, checked on the
// phone); or the shapes of its sections while it loads, a line when it could not, or when
// nothing is won yet.
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { formatPrize } from '../../../machines/session/session.selectors';
import type { WinningsDrawerMachine } from '../../../machines/winnings/winnings-drawer.machine';
import {
  selectClaimedCoupons,
  selectContent,
  enteredDrawLink,
  selectCouponsByType,
  selectEnteredDraws,
  selectGrandPrizes,
  selectReferralBonuses,
} from '../../../machines/winnings/winnings.selectors';
import { ClaimedCoupon, dollars } from './Coupons';
import { ChevronIcon, PeopleIcon, ShieldIcon, TicketIcon, TrophyIcon } from './icons';

type DrawerActor = ActorRefFrom<WinningsDrawerMachine>;

type Payout = { claimed: boolean; paid?: boolean; payment_method?: string | null };

/** How a grand prize or a referral bonus stands: 'Claimed with PayPal', then 'Paid by PayPal'. */
function payoutStatus(payout: Payout): string | null {
  const method = payout.payment_method;
  if (payout.paid) return `Paid${method ? ` by ${method}` : ''}`;
  if (payout.claimed) return `Claimed${method ? ` with ${method}` : ''}`;
  return null;
}

/** The list's shapes while it loads: a prize, a brand with its coupons, another brand. */
function ListSkeleton() {
  return (
    <>
      <p className="unseen" role="status">
        Loading your winnings…
      </p>
      <div className="winnings__skeleton" aria-hidden="true">
        <span className="skeleton winnings__bone winnings__bone--prize" />
        <span className="skeleton winnings__bone winnings__bone--heading" />
        <span className="skeleton winnings__bone winnings__bone--row" />
        <span className="skeleton winnings__bone winnings__bone--row" />
        <span className="skeleton winnings__bone winnings__bone--heading" />
        <span className="skeleton winnings__bone winnings__bone--row" />
      </div>
    </>
  );
}

export function WinningsList({ actor }: { actor: DrawerActor }) {
  const content = useSelector(actor, selectContent);
  const couponsByType = useSelector(actor, selectCouponsByType);
  const claimedCoupons = useSelector(actor, selectClaimedCoupons);
  const prizes = useSelector(actor, selectGrandPrizes);
  const bonuses = useSelector(actor, selectReferralBonuses);
  const draws = useSelector(actor, selectEnteredDraws);
  if (content === 'loading') return <ListSkeleton />;
  if (content === 'loadFailed') {
    return (
      <div className="winnings__empty">
        <p>Your winnings could not be loaded.</p>
        <button
          type="button"
          className="primary-button winnings__retry"
          onClick={() => actor.send({ type: 'drawer.retry' })}
        >
          Try again
        </button>
      </div>
    );
  }
  if (content === 'empty') {
    return (
      <div className="winnings__empty">
        <span className="winnings__empty-icon">
          <TrophyIcon />
        </span>
        <p>
          Nothing here yet. Press the black button every day for your chance to win, and answer Tell
          Us More to win coupons you like.
        </p>
      </div>
    );
  }
  return (
    <div className="winnings__list">
      {prizes.length > 0 && (
        <section aria-label="Grand prizes" className="winnings__section">
          {prizes.map((prize) => (
            <button
              key={prize.id}
              type="button"
              className={`winnings__row winnings__prize${prize.claimed ? ' winnings__prize--claimed' : ''}`}
              onClick={() => actor.send({ type: 'drawer.selectPrize', id: prize.id })}
            >
              <span className="winnings__badge">
                <TrophyIcon />
              </span>
              <span className="winnings__row-text">
                <span className="winnings__row-title">
                  You won {formatPrize(prize.additional_info.prize_amount)}
                </span>
                {payoutStatus(prize) && (
                  <span className="winnings__status">{payoutStatus(prize)}</span>
                )}
              </span>
              <ChevronIcon />
            </button>
          ))}
        </section>
      )}
      {couponsByType.map(([type, coupons]) => (
        <section key={type} aria-label={type} className="winnings__section">
          <h2 className="winnings__brand">{type}</h2>
          {coupons.map((coupon) => (
            <button
              key={coupon.id}
              type="button"
              className="winnings__row winnings__coupon"
              onClick={() => actor.send({ type: 'drawer.selectCoupon', id: coupon.id })}
            >
              {coupon.attributes.image_link ? (
                <img
                  className="winnings__thumb"
                  src={coupon.attributes.image_link}
                  alt=""
                  width={48}
                  height={48}
                />
              ) : (
                <span className="winnings__thumb">
                  <TicketIcon />
                </span>
              )}
              <span className="winnings__row-title">
                {dollars(coupon.attributes.value)}{' '}
                {coupon.attributes.kind === 'gift_card' ? 'gift card' : 'coupon'}
              </span>
              <ChevronIcon />
            </button>
          ))}
        </section>
      ))}
      {bonuses.length > 0 && (
        <section aria-label="Referral bonuses" className="winnings__section">
          <h2 className="winnings__brand">Referral bonuses</h2>
          {bonuses.map((bonus) => (
            <button
              key={bonus.id}
              type="button"
              className={`winnings__row winnings__prize winnings__bonus${bonus.claimed ? ' winnings__prize--claimed' : ''}`}
              onClick={() => actor.send({ type: 'drawer.selectBonus', id: bonus.id })}
            >
              <span className="winnings__badge">
                <PeopleIcon />
              </span>
              <span className="winnings__row-text">
                <span className="winnings__row-title">
                  {formatPrize(bonus.amount)} because a player you invited won
                </span>
                {payoutStatus(bonus) && (
                  <span className="winnings__status">{payoutStatus(bonus)}</span>
                )}
              </span>
              <ChevronIcon />
            </button>
          ))}
        </section>
      )}
      {draws.length > 0 && (
        <section aria-label="Your draws" className="winnings__section">
          <h2 className="winnings__brand">Your draws</h2>
          {draws.map(enteredDrawLink).map((draw) => (
            <Link key={draw.id} href={draw.path} className="winnings__row winnings__draw">
              <span className="winnings__thumb">
                <ShieldIcon />
              </span>
              <span className="winnings__row-text">
                <span className="winnings__row-title">{draw.label}</span>
                <span className="winnings__status">{draw.detail}</span>
              </span>
              <ChevronIcon />
            </Link>
          ))}
        </section>
      )}
      {claimedCoupons.length > 0 && (
        <section aria-label="Claimed" className="winnings__section">
          <h2 className="winnings__brand">Claimed</h2>
          <ul className="winnings__claimed-list">
            {claimedCoupons.map((coupon) => (
              <ClaimedCoupon key={coupon.id} coupon={coupon} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
