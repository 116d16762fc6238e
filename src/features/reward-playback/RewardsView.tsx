import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Reward } from '../../../contract/api';
import type {
  RewardKind,
  RewardPlaybackMachine,
} from '../../../machines/reward-playback/reward-playback.machine';
import {
  selectCanTapNext,
  selectKindOnScreen,
  selectPosition,
  selectRewardCount,
  selectRewardOnScreen,
} from '../../../machines/reward-playback/reward-playback.selectors';
import './rewards.css';

const TICKET_ART = '/images/rewards/token.svg';
/** Offers always carry their art; an older reward without it still shows a card. */
const COUPON_ART = '/images/rewards/coupon.svg';

const dollars = (value: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
  }).format(value);

function TicketReward({ reward }: { reward: Reward }) {
  const count = reward.attributes.value;
  return (
    <div className="rewards__card rewards__card--token">
      {/* Its square is held while the picture loads: the card does not grow under the text. */}
      <img className="rewards__art" src={TICKET_ART} alt="Wallet ticket" width={120} height={120} />
      <p className="rewards__amount">
        +{count} <span className="rewards__unit">{count === 1 ? 'ticket' : 'tickets'}</span>
      </p>
      <p className="rewards__note">added to your wallet</p>
    </div>
  );
}

function CouponReward({ reward, isGiftCard }: { reward: Reward; isGiftCard: boolean }) {
  const { coupon_type: brand, image_link: image, value } = reward.attributes;
  const name = brand ?? (isGiftCard ? 'Gift card' : 'Coupon');
  return (
    <div className={`rewards__card rewards__card--${isGiftCard ? 'gift-card' : 'coupon'}`}>
      <img className="rewards__art" src={image ?? COUPON_ART} alt={name} />
      <p className="rewards__brand">{name}</p>
      <p className="rewards__amount">
        {dollars(value)} <span className="rewards__unit">{isGiftCard ? 'gift card' : 'off'}</span>
      </p>
      <p className="rewards__note">saved to your winnings</p>
    </div>
  );
}

function RewardCard({ reward, kind }: { reward: Reward; kind: RewardKind }) {
  if (kind === 'token') return <TicketReward reward={reward} />;
  return <CouponReward reward={reward} isGiftCard={kind === 'giftCard'} />;
}

/**
 * /rewards: the reward the playback has on screen. The machine times each one, plays the sound
 * and moves on by itself; a tap anywhere asks it for the next one (it takes the tap once the
 * reward has had its first second). The view only draws the reward it shows.
 */
export function RewardsView({ actor }: { actor: ActorRefFrom<RewardPlaybackMachine> }) {
  const reward = useSelector(actor, selectRewardOnScreen);
  const kind = useSelector(actor, selectKindOnScreen);
  const position = useSelector(actor, selectPosition);
  const count = useSelector(actor, selectRewardCount);
  const canTapNext = useSelector(actor, selectCanTapNext);
  return (
    <main className="screen rewards">
      <section className="rewards__stage" aria-live="polite" aria-atomic="true">
        {reward && kind && (
          <>
            <h1 className="rewards__title">You won!</h1>
            {/* A new reward is a new card, so its entrance plays again. */}
            <RewardCard key={reward.id} reward={reward} kind={kind} />
            {count > 1 && (
              <p className="rewards__position">
                {position} of {count}
              </p>
            )}
          </>
        )}
      </section>
      {reward && (
        <>
          <button
            type="button"
            className="rewards__next"
            aria-label={position < count ? 'Next reward' : 'Continue'}
            disabled={!canTapNext}
            onClick={() => actor.send({ type: 'rewards.next' })}
          />
          {/* For the eye, beside the button (not in it): its name says what a tap does. */}
          <span className="rewards__hint" aria-hidden="true">
            Tap to continue
          </span>
        </>
      )}
    </main>
  );
}
