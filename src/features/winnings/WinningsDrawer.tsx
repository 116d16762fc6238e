// /winnings: the drawer of what the player has won (spec section 2). The drawer machine says
// where the panel is (waiting above the screen, sliding down, down, sliding away) and what is
// on it; this view draws that and passes the player's gestures and taps on. The finger's pull
// is the only thing the view keeps: the machine decides, on release, whether it closes.
import { useDrag } from '@use-gesture/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { GrandPrize } from '../../../contract/api';
import { formatPrize, selectLoading } from '../../../machines/session/session.selectors';
import {
  DRAWER_ANIMATION_MS,
  type WinningsDrawerMachine,
} from '../../../machines/winnings/winnings-drawer.machine';
import {
  selectContent,
  selectCouponMessage,
  selectCouponsByType,
  selectDrawerPrizeClaim,
  selectGrandPrizes,
  selectModal,
  selectPanel,
  selectReferralBonuses,
  selectSelectedCoupon,
} from '../../../machines/winnings/winnings.selectors';
import { SessionContext } from '../../app/session-context';
import { WinningsStepView } from '../../app/winnings-step';
import { PrizeClaimView } from './PrizeClaim';
import './winnings.css';

type DrawerActor = ActorRefFrom<WinningsDrawerMachine>;

/** A coupon's worth: whole dollars as prizes are shown, cents when it has them. */
const dollars = (value: number) =>
  Number.isInteger(value) ? formatPrize(value) : `$${value.toFixed(2)}`;

function prizeStatus(prize: GrandPrize): string | null {
  if (prize.paid) return `Paid${prize.payment_method ? ` by ${prize.payment_method}` : ''}`;
  if (prize.claimed) return `Claimed${prize.payment_method ? ` with ${prize.payment_method}` : ''}`;
  return null;
}

function WinningsList({ actor }: { actor: DrawerActor }) {
  const content = useSelector(actor, selectContent);
  const couponsByType = useSelector(actor, selectCouponsByType);
  const prizes = useSelector(actor, selectGrandPrizes);
  const bonuses = useSelector(actor, selectReferralBonuses);
  if (content === 'loading') {
    return (
      <p className="winnings__note" role="status">
        Loading your winnings…
      </p>
    );
  }
  if (content === 'loadFailed') {
    return (
      <div className="winnings__note">
        <p>Your winnings could not be loaded.</p>
        <button
          type="button"
          className="primary-button"
          onClick={() => actor.send({ type: 'drawer.retry' })}
        >
          Try again
        </button>
      </div>
    );
  }
  if (content === 'empty') {
    return (
      <p className="winnings__note">
        Nothing here yet. Press the black button every day for your chance to win, and answer Tell
        Us More to win coupons you like.
      </p>
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
              className="winnings__prize"
              onClick={() => actor.send({ type: 'drawer.selectPrize', id: prize.id })}
            >
              <span>You won {formatPrize(prize.additional_info.prize_amount)}</span>
              {prizeStatus(prize) && <span className="winnings__status">{prizeStatus(prize)}</span>}
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
              className="winnings__coupon"
              onClick={() => actor.send({ type: 'drawer.selectCoupon', id: coupon.id })}
            >
              {coupon.attributes.image_link && (
                <img src={coupon.attributes.image_link} alt="" width={48} height={48} />
              )}
              <span>
                {dollars(coupon.attributes.value)}{' '}
                {coupon.attributes.kind === 'gift_card' ? 'gift card' : 'coupon'}
              </span>
            </button>
          ))}
        </section>
      ))}
      {bonuses.length > 0 && (
        <section aria-label="Referral bonuses" className="winnings__section">
          <h2 className="winnings__brand">Referral bonuses</h2>
          {bonuses.map((bonus) => (
            <p key={bonus.id} className="winnings__bonus">
              {formatPrize(bonus.amount)} because a player you invited won
              {bonus.paid ? ' (paid)' : ''}
            </p>
          ))}
        </section>
      )}
    </div>
  );
}

function CouponModal({ actor }: { actor: DrawerActor }) {
  const modal = useSelector(actor, selectModal);
  const message = useSelector(actor, selectCouponMessage);
  const coupon = useSelector(actor, selectSelectedCoupon);
  const [copied, setCopied] = useState(false);
  const close = () => actor.send({ type: 'drawer.dismissCoupon' });
  if (modal === 'couponClaimed') {
    return (
      <div className="winnings__modal" role="dialog" aria-modal="true" aria-label="Your coupon">
        <p className="winnings__modal-title">Your coupon</p>
        <p className="winnings__message" data-testid="coupon-message">
          {message}
        </p>
        <div className="winnings__actions">
          <button
            type="button"
            className="primary-button"
            onClick={() => {
              if (message !== null) {
                void navigator.clipboard?.writeText(message).then(() => setCopied(true));
              }
            }}
          >
            {copied ? 'Copied' : 'Copy'}
          </button>
          <button type="button" className="secondary-button" onClick={close}>
            Close
          </button>
        </div>
      </div>
    );
  }
  const claiming = modal === 'couponClaiming';
  return (
    <div className="winnings__modal" role="dialog" aria-modal="true" aria-label="Claim coupon">
      <p className="winnings__modal-title">{coupon?.attributes.coupon_type ?? 'Coupon'}</p>
      {coupon?.attributes.image_link && (
        <img src={coupon.attributes.image_link} alt="" width={96} height={96} />
      )}
      {coupon && <p>{dollars(coupon.attributes.value)}</p>}
      <p className="winnings__hint">Claim it to see your code. A coupon can be claimed once.</p>
      <div className="winnings__actions">
        <button
          type="button"
          className="primary-button"
          disabled={claiming}
          onClick={() => actor.send({ type: 'drawer.claimCoupon' })}
        >
          {claiming ? 'Claiming…' : 'Claim'}
        </button>
        <button type="button" className="secondary-button" disabled={claiming} onClick={close}>
          Close
        </button>
      </div>
    </div>
  );
}

function LogoutModal({ actor }: { actor: DrawerActor }) {
  const busy = SessionContext.useSelector(selectLoading);
  return (
    <div className="winnings__modal" role="dialog" aria-modal="true" aria-label="Logout">
      <p className="winnings__modal-title">Are you sure you want to logout?</p>
      <div className="winnings__actions winnings__actions--stacked">
        <button
          type="button"
          className="primary-button"
          disabled={busy}
          onClick={() => actor.send({ type: 'drawer.logout' })}
        >
          Logout
        </button>
        <button
          type="button"
          className="secondary-button winnings__danger"
          disabled={busy}
          onClick={() => actor.send({ type: 'drawer.deleteAccount' })}
        >
          Delete Account
        </button>
        <button
          type="button"
          className="secondary-button"
          disabled={busy}
          onClick={() => actor.send({ type: 'drawer.dismissLogout' })}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}

function Modal({ actor }: { actor: DrawerActor }) {
  const modal = useSelector(actor, selectModal);
  const prizeClaim = useSelector(actor, selectDrawerPrizeClaim);
  if (modal === null) return null;
  return (
    <div className="winnings__backdrop">
      {modal === 'logout' && <LogoutModal actor={actor} />}
      {modal === 'prize' && prizeClaim && (
        <div className="winnings__modal" role="dialog" aria-modal="true" aria-label="Grand prize">
          <PrizeClaimView actor={prizeClaim} variant="modal" />
        </div>
      )}
      {(modal === 'coupon' || modal === 'couponClaiming' || modal === 'couponClaimed') && (
        <CouponModal actor={actor} />
      )}
    </div>
  );
}

export function WinningsDrawer({ actor }: { actor: DrawerActor }) {
  const panel = useSelector(actor, selectPanel);
  const [pull, setPull] = useState(0);
  const bind = useDrag(
    // The finger's whole travel: `movement` leaves out the few pixels that tell a drag from a
    // tap, and the machine's threshold (a sixth of the screen) is measured on the finger.
    ({ active, last, xy: [, y], initial: [, startY] }) => {
      const down = Math.max(0, y - startY);
      setPull(active ? down : 0);
      if (last) {
        actor.send({ type: 'drawer.swipeEnded', distance: down, screenHeight: window.innerHeight });
      }
    },
    { axis: 'y', filterTaps: true, enabled: panel === 'open', pointer: { keys: false } },
  );
  const dragging = pull > 0;
  return (
    <main className={`winnings winnings--${panel}`} aria-label="Winnings">
      <div
        className="winnings__panel"
        data-testid="winnings-drawer"
        data-panel={panel}
        style={{
          ['--drawer-ms' as string]: `${DRAWER_ANIMATION_MS}ms`,
          ...(dragging ? { transform: `translateY(${pull}px)`, transition: 'none' } : {}),
        }}
      >
        <div className="winnings__grip" {...bind()} data-testid="winnings-grip">
          <h1 className="winnings__tab">WINNINGS</h1>
          <button
            type="button"
            className="winnings__close"
            aria-label="Close"
            onClick={() => actor.send({ type: 'drawer.close' })}
          >
            ×
          </button>
          <span className="winnings__handle" aria-hidden="true" />
        </div>
        <div className="winnings__body">
          <WinningsList actor={actor} />
          <nav className="winnings__footer" aria-label="Help and account">
            <button
              type="button"
              className="secondary-button"
              onClick={() => actor.send({ type: 'drawer.contactUs' })}
            >
              Contact Us
            </button>
            <div className="winnings__links">
              <Link href="/terms-and-conditions">Terms and Conditions</Link>
              <Link href="/privacy-policy">Privacy Policy</Link>
              <Link href="/rules">Official Rules</Link>
            </div>
            <button
              type="button"
              className="primary-button"
              onClick={() => actor.send({ type: 'drawer.askLogout' })}
            >
              Logout
            </button>
          </nav>
        </div>
      </div>
      <Modal actor={actor} />
    </main>
  );
}

/** /winnings: the drawer, once the winnings flow runs it. */
export function WinningsPage() {
  return (
    <WinningsStepView id="winningsDrawer" view={(drawer) => <WinningsDrawer actor={drawer} />} />
  );
}
