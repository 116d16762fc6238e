// /winnings: the drawer of what the player has won (spec section 2). The drawer machine says
// where the panel is (waiting above the screen, sliding down, down, sliding away) and what is
// on it; this view draws that and passes the player's gestures and taps on. The finger's pull
// is the only thing the view keeps: the machine decides, on release, whether it closes.
import { useDrag } from '@use-gesture/react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { Reward } from '../../../contract/api';
import type { ContactThread } from '../../../contract/contact';
import { formatPrize, selectLoading } from '../../../machines/session/session.selectors';
import {
  DELETE_ACCOUNT_WARNING,
  DRAWER_ANIMATION_MS,
  type WinningsDrawerMachine,
} from '../../../machines/winnings/winnings-drawer.machine';
import {
  isNewThread,
  selectClaimedCoupons,
  selectContent,
  selectCouponCode,
  selectCouponMessage,
  selectCouponsByType,
  selectDrawerPrizeClaim,
  selectGrandPrizes,
  selectModal,
  selectOpenThread,
  selectPanel,
  selectReferralBonuses,
  selectSelectedCoupon,
  selectThreads,
} from '../../../machines/winnings/winnings.selectors';
import { SessionContext } from '../../app/session-context';
import { WinningsStepView } from '../../app/winnings-step';
import { PrizeClaimView } from './PrizeClaim';
import './winnings.css';

type DrawerActor = ActorRefFrom<WinningsDrawerMachine>;

/** A coupon's worth: whole dollars as prizes are shown, cents when it has them. */
const dollars = (value: number) =>
  Number.isInteger(value) ? formatPrize(value) : `$${value.toFixed(2)}`;

type Payout = { claimed: boolean; paid?: boolean; payment_method?: string | null };

/** How a grand prize or a referral bonus stands: 'Claimed with PayPal', then 'Paid by PayPal'. */
function payoutStatus(payout: Payout): string | null {
  const method = payout.payment_method;
  if (payout.paid) return `Paid${method ? ` by ${method}` : ''}`;
  if (payout.claimed) return `Claimed${method ? ` with ${method}` : ''}`;
  return null;
}

/** A button's text of the clipboard: what it says, then 'Copied' once it has copied. */
function CopyButton({
  text,
  label,
  className = 'secondary-button',
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={className}
      onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
    >
      {copied ? 'Copied' : label}
    </button>
  );
}

/** A claimed coupon, for good: its brand, value, what claiming it gave, its offer and code. */
function ClaimedCoupon({ coupon }: { coupon: Reward }) {
  const { coupon_type, value, kind, claim_message, link, code } = coupon.attributes;
  return (
    <li className="winnings__claimed">
      <p className="winnings__claimed-title">
        <span>{coupon_type ?? 'Coupon'}</span>
        <span>
          {dollars(value)} {kind === 'gift_card' ? 'gift card' : 'coupon'}
        </span>
      </p>
      {claim_message && <p className="winnings__message">{claim_message}</p>}
      <div className="winnings__claimed-actions">
        {link && (
          <a href={link} target="_blank" rel="noopener" className="winnings__offer">
            Go to offer
          </a>
        )}
        {code && <CopyButton text={code} label="Copy code" />}
      </div>
    </li>
  );
}

function WinningsList({ actor }: { actor: DrawerActor }) {
  const content = useSelector(actor, selectContent);
  const couponsByType = useSelector(actor, selectCouponsByType);
  const claimedCoupons = useSelector(actor, selectClaimedCoupons);
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
              {payoutStatus(prize) && (
                <span className="winnings__status">{payoutStatus(prize)}</span>
              )}
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
            <button
              key={bonus.id}
              type="button"
              className="winnings__prize winnings__bonus"
              onClick={() => actor.send({ type: 'drawer.selectBonus', id: bonus.id })}
            >
              <span>{formatPrize(bonus.amount)} because a player you invited won</span>
              {payoutStatus(bonus) && (
                <span className="winnings__status">{payoutStatus(bonus)}</span>
              )}
            </button>
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

function CouponModal({ actor }: { actor: DrawerActor }) {
  const modal = useSelector(actor, selectModal);
  const message = useSelector(actor, selectCouponMessage);
  const code = useSelector(actor, selectCouponCode);
  const coupon = useSelector(actor, selectSelectedCoupon);
  const close = () => actor.send({ type: 'drawer.dismissCoupon' });
  if (modal === 'couponClaimed') {
    return (
      <div className="winnings__modal" role="dialog" aria-modal="true" aria-label="Your coupon">
        <p className="winnings__modal-title">Your coupon</p>
        <p className="winnings__message" data-testid="coupon-message">
          {message}
        </p>
        <div className="winnings__actions">
          {/* A delivery note has nothing to copy. */}
          {code !== null && <CopyButton text={code} label="Copy" className="primary-button" />}
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

/** 'Delete Account' asks once more; the request runs once, however often the button is tapped. */
function DeleteAccountModal({ actor }: { actor: DrawerActor }) {
  const canConfirm = useSelector(actor, (snapshot) =>
    snapshot.can({ type: 'drawer.confirmDeletion' }),
  );
  const canCancel = useSelector(actor, (snapshot) =>
    snapshot.can({ type: 'drawer.dismissDeletion' }),
  );
  const deleting = useSelector(actor, (snapshot) => selectModal(snapshot) === 'deletingAccount');
  return (
    <div className="winnings__modal" role="dialog" aria-modal="true" aria-label="Delete Account">
      <p className="winnings__modal-title">Delete Account</p>
      <p className="winnings__hint">{DELETE_ACCOUNT_WARNING}</p>
      <div className="winnings__actions winnings__actions--stacked">
        <button
          type="button"
          className="primary-button winnings__destroy"
          disabled={!canConfirm}
          aria-busy={deleting}
          onClick={() => actor.send({ type: 'drawer.confirmDeletion' })}
        >
          {deleting ? 'Deleting your account…' : 'Delete my account'}
        </button>
        <button
          type="button"
          className="secondary-button"
          disabled={!canCancel}
          onClick={() => actor.send({ type: 'drawer.dismissDeletion' })}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}

/** Under Contact Us: the player's messages the operator answered, 'New' while unread. */
function Threads({ actor }: { actor: DrawerActor }) {
  const threads = useSelector(actor, selectThreads);
  if (threads.length === 0) return null;
  return (
    <ul className="winnings__threads" aria-label="Answers to your messages">
      {threads.map((thread) => (
        <li key={thread.id}>
          <button
            type="button"
            className="winnings__thread"
            onClick={() => actor.send({ type: 'drawer.openThread', id: thread.id })}
          >
            <span className="winnings__thread-subject">{thread.subject}</span>
            {isNewThread(thread) && <span className="winnings__new">New</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A conversation: the player's message and the answers, as plain text with its line breaks. */
function ThreadModal({ actor, thread }: { actor: DrawerActor; thread: ContactThread }) {
  return (
    <div className="winnings__modal" role="dialog" aria-modal="true" aria-label={thread.subject}>
      <p className="winnings__modal-title">{thread.subject}</p>
      <div className="winnings__conversation">
        <p className="winnings__said">You wrote · {when(thread.created_at)}</p>
        <p className="winnings__text">{thread.message}</p>
        {thread.replies.map((reply) => (
          <div key={reply.id} className="winnings__reply">
            <p className="winnings__said">BLACK BUTTON answered · {when(reply.created_at)}</p>
            <p className="winnings__text">{reply.text}</p>
          </div>
        ))}
      </div>
      <div className="winnings__actions">
        <button
          type="button"
          className="secondary-button"
          onClick={() => actor.send({ type: 'drawer.closeThread' })}
        >
          Close
        </button>
      </div>
    </div>
  );
}

function Modal({ actor }: { actor: DrawerActor }) {
  const modal = useSelector(actor, selectModal);
  const prizeClaim = useSelector(actor, selectDrawerPrizeClaim);
  const thread = useSelector(actor, selectOpenThread);
  if (modal === null) return null;
  return (
    <div className="winnings__backdrop">
      {modal === 'logout' && <LogoutModal actor={actor} />}
      {(modal === 'deleteAccount' || modal === 'deletingAccount') && (
        <DeleteAccountModal actor={actor} />
      )}
      {modal === 'prize' && prizeClaim && (
        <div className="winnings__modal" role="dialog" aria-modal="true" aria-label="Grand prize">
          <PrizeClaimView actor={prizeClaim} variant="modal" />
        </div>
      )}
      {modal === 'bonus' && prizeClaim && (
        <div
          className="winnings__modal"
          role="dialog"
          aria-modal="true"
          aria-label="Referral bonus"
        >
          <PrizeClaimView actor={prizeClaim} variant="modal" />
        </div>
      )}
      {modal === 'thread' && thread && <ThreadModal actor={actor} thread={thread} />}
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
            <Threads actor={actor} />
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
