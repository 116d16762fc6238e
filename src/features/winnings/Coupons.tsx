// The drawer's coupons: what one is worth, a claimed one as it is listed under 'Claimed', and the
// claim modal of one not claimed yet (Claim, then its code to copy or its delivery note).
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Reward } from '../../../contract/api';
import { formatPrize } from '../../../machines/session/session.selectors';
import type { WinningsDrawerMachine } from '../../../machines/winnings/winnings-drawer.machine';
import {
  selectCouponCode,
  selectCouponMessage,
  selectModal,
  selectSelectedCoupon,
} from '../../../machines/winnings/winnings.selectors';
import { WinningsDialog } from './WinningsDialog';

type DrawerActor = ActorRefFrom<WinningsDrawerMachine>;

/** A coupon's worth: whole dollars as prizes are shown, cents when it has them. */
export const dollars = (value: number) =>
  Number.isInteger(value) ? formatPrize(value) : `$${value.toFixed(2)}`;

/** A button's text of the clipboard: what it says, then 'Copied' once it has copied. */
export function CopyButton({
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
export function ClaimedCoupon({ coupon }: { coupon: Reward }) {
  const { coupon_type, value, kind, claim_message, link, code } = coupon.attributes;
  return (
    // Focus lands here when the dialog that claimed it closes (its button has left the list).
    <li className="winnings__claimed" data-claimed-coupon={coupon.id} tabIndex={-1}>
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

export function CouponModal({ actor }: { actor: DrawerActor }) {
  const modal = useSelector(actor, selectModal);
  const message = useSelector(actor, selectCouponMessage);
  const code = useSelector(actor, selectCouponCode);
  const coupon = useSelector(actor, selectSelectedCoupon);
  const close = () => actor.send({ type: 'drawer.dismissCoupon' });
  if (modal === 'couponClaimed') {
    const title = coupon?.attributes.kind === 'gift_card' ? 'Your gift card' : 'Your coupon';
    return (
      // A dialog of its own, so that focus moves to its first control as it opens.
      <WinningsDialog
        key="claimed"
        label={title}
        onCancel={close}
        returnFocus={() =>
          [...document.querySelectorAll<HTMLElement>('[data-claimed-coupon]')].find(
            (claimed) => coupon !== undefined && claimed.dataset.claimedCoupon === coupon.id,
          ) ?? null
        }
      >
        <h2 className="winnings__dialog-title">{title}</h2>
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
      </WinningsDialog>
    );
  }
  const claiming = modal === 'couponClaiming';
  return (
    <WinningsDialog key="claim" label="Claim coupon" onCancel={claiming ? undefined : close}>
      {coupon?.attributes.image_link && (
        <img
          className="winnings__dialog-image"
          src={coupon.attributes.image_link}
          alt=""
          width={96}
          height={96}
        />
      )}
      <h2 className="winnings__dialog-title">{coupon?.attributes.coupon_type ?? 'Coupon'}</h2>
      {coupon && <p className="winnings__worth">{dollars(coupon.attributes.value)}</p>}
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
    </WinningsDialog>
  );
}
