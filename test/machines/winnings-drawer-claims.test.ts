// The winnings drawer's claims, run as in the app (test/machines/winnings-drawer-harness.ts): a
// coupon (once, and what the server may refuse), a grand prize and a referral bonus in their
// modals.
import { describe, expect, it } from 'vitest';
import { ALREADY_CLAIMED } from '../../contract/rewards';
import {
  TOAST_COUPON_CLAIM_FAILED,
  TOAST_COUPON_GONE,
} from '../../machines/winnings/winnings-drawer.machine';
import {
  selectClaimedCoupons,
  selectContent,
  selectCouponCode,
  selectCouponMessage,
  selectCouponsByType,
  selectDrawerPrizeClaim,
  selectGrandPrizes,
  selectModal,
  selectReferralBonuses,
  selectSelectedCouponId,
} from '../../machines/winnings/winnings.selectors';
import { ApiFailure } from '../../src/lib/api';
import {
  bonusOf,
  choicesOf,
  claimedCouponOf,
  grandPrizeOf,
} from '../model/helpers/winnings-fake-api';
import { settle } from '../support/settle';
import { PIZZA_5, BASS_25, PRIZE, BONUS, COUPON_CODE, openWith } from './winnings-drawer-harness';

describe('the winnings drawer: claiming a coupon', () => {
  async function selected() {
    const drawer = await openWith({ coupons: [PIZZA_5, BASS_25] });
    drawer.send({ type: 'drawer.selectCoupon', id: PIZZA_5.id });
    await settle();
    return drawer;
  }

  it('opens the claim modal and logs gift_card_selected', async () => {
    const drawer = await selected();
    expect(selectModal(drawer.snapshot())).toBe('coupon');
    expect(selectSelectedCouponId(drawer.snapshot())).toBe(PIZZA_5.id);
    expect(drawer.clicks()).toEqual([
      { event_name: 'my_winnings_viewed', page_url: '/winnings' },
      { event_name: 'gift_card_selected', page_url: '/winnings' },
    ]);
  });

  it('ignores a coupon that is not listed', async () => {
    const drawer = await openWith({ coupons: [PIZZA_5] });
    drawer.send({ type: 'drawer.selectCoupon', id: 'c-unknown' });
    await settle();
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(drawer.clicks()).toHaveLength(1);
  });

  it('closes the modal with nothing claimed', async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.dismissCoupon' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(selectSelectedCouponId(drawer.snapshot())).toBeNull();
    expect(drawer.snapshot().context.coupons).toEqual([PIZZA_5, BASS_25]);
    expect(drawer.api.count('claimCoupon')).toBe(0);
  });

  it("shows what claiming gave and moves the coupon under 'Claimed'", async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.claimCoupon' });
    expect(selectModal(drawer.snapshot())).toBe('couponClaiming');
    expect(drawer.api.callsOf('claimCoupon')).toEqual([PIZZA_5.id]);
    // Claimed once: a second tap while it is on its way sends nothing more.
    drawer.send({ type: 'drawer.claimCoupon' });
    drawer.send({ type: 'drawer.dismissCoupon' });
    expect(drawer.api.count('claimCoupon')).toBe(1);
    drawer.api.resolve('claimCoupon', { data: { message: COUPON_CODE, code: 'PIZZA-5-OFF' } });
    await settle();
    expect(selectModal(drawer.snapshot())).toBe('couponClaimed');
    expect(selectCouponMessage(drawer.snapshot())).toBe(COUPON_CODE);
    expect(selectCouponCode(drawer.snapshot())).toBe('PIZZA-5-OFF');
    const claimed = {
      ...PIZZA_5,
      attributes: {
        ...PIZZA_5.attributes,
        claimed: true,
        claim_message: COUPON_CODE,
        code: 'PIZZA-5-OFF',
      },
    };
    expect(selectClaimedCoupons(drawer.snapshot())).toEqual([claimed]);
    expect(selectCouponsByType(drawer.snapshot())).toEqual([['Bass Pro Shops', [BASS_25]]]);
    expect(drawer.toasts()).toEqual([]);
    drawer.send({ type: 'drawer.dismissCoupon' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(selectCouponMessage(drawer.snapshot())).toBeNull();
    expect(selectCouponCode(drawer.snapshot())).toBeNull();
    expect(selectClaimedCoupons(drawer.snapshot())).toEqual([claimed]);
    // Claimed for good: it cannot be selected to claim again.
    drawer.send({ type: 'drawer.selectCoupon', id: PIZZA_5.id });
    expect(selectModal(drawer.snapshot())).toBeNull();
  });

  it('has nothing to copy when claiming gave a delivery note', async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.claimCoupon' });
    drawer.api.resolve('claimCoupon', {
      data: { message: 'Your gift card will be texted to you.' },
    });
    await settle();
    expect(selectCouponCode(drawer.snapshot())).toBeNull();
    expect(selectClaimedCoupons(drawer.snapshot())[0]!.attributes).toMatchObject({
      claim_message: 'Your gift card will be texted to you.',
      code: null,
    });
  });

  it("lists the coupons claimed before under 'Claimed', apart from the others", async () => {
    const kept = claimedCouponOf('c-kept', 'Fanatics', 50, {
      message: 'Code: FAN-50',
      code: 'FAN-50',
      link: 'https://www.fanatics.com',
    });
    const drawer = await openWith({ coupons: [PIZZA_5, kept] });
    expect(selectClaimedCoupons(drawer.snapshot())).toEqual([kept]);
    expect(selectCouponsByType(drawer.snapshot())).toEqual([['Game Day Pizza', [PIZZA_5]]]);
    drawer.send({ type: 'drawer.selectCoupon', id: kept.id });
    expect(selectModal(drawer.snapshot())).toBeNull();
  });

  it("loads the list again for a coupon claimed elsewhere: 'This coupon was claimed already'", async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.claimCoupon' });
    const elsewhere = claimedCouponOf(PIZZA_5.id, 'Game Day Pizza', 5, {
      message: COUPON_CODE,
      code: 'PIZZA-5-OFF',
    });
    drawer.api.holding({ coupons: [elsewhere, BASS_25] });
    drawer.api.reject('claimCoupon', new ApiFailure(409, ALREADY_CLAIMED));
    await settle();
    expect(drawer.toasts()).toEqual([{ message: ALREADY_CLAIMED, variant: 'error' }]);
    expect(drawer.api.count('coupons')).toBe(2);
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(selectContent(drawer.snapshot())).toBe('list');
    expect(selectClaimedCoupons(drawer.snapshot())).toEqual([elsewhere]);
    expect(selectCouponsByType(drawer.snapshot())).toEqual([['Bass Pro Shops', [BASS_25]]]);
  });

  it('takes a coupon the server no longer knows (404) off the list', async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.claimCoupon' });
    drawer.api.reject('claimCoupon', new ApiFailure(404, 'Unknown reward'));
    await settle();
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(drawer.snapshot().context.coupons).toEqual([BASS_25]);
    expect(drawer.toasts()).toEqual([{ message: 'Unknown reward', variant: 'error' }]);
  });

  it('says a coupon gone without a detail (404) is no longer available', async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.claimCoupon' });
    drawer.api.reject('claimCoupon', new ApiFailure(404, null));
    await settle();
    expect(drawer.snapshot().context.coupons).toEqual([BASS_25]);
    expect(drawer.toasts()).toEqual([{ message: TOAST_COUPON_GONE, variant: 'error' }]);
  });

  it('keeps the coupon when the server fails (503), to claim again', async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.claimCoupon' });
    drawer.api.reject('claimCoupon', new ApiFailure(503, null));
    await settle();
    expect(selectModal(drawer.snapshot())).toBe('coupon');
    expect(selectSelectedCouponId(drawer.snapshot())).toBe(PIZZA_5.id);
    expect(drawer.snapshot().context.coupons).toEqual([PIZZA_5, BASS_25]);
    expect(drawer.toasts()).toEqual([{ message: TOAST_COUPON_CLAIM_FAILED, variant: 'error' }]);
    drawer.send({ type: 'drawer.claimCoupon' });
    expect(drawer.api.callsOf('claimCoupon')).toEqual([PIZZA_5.id, PIZZA_5.id]);
  });

  it('keeps the coupon on another 409 (not the already-claimed one)', async () => {
    const drawer = await selected();
    drawer.send({ type: 'drawer.claimCoupon' });
    drawer.api.reject('claimCoupon', new ApiFailure(409, 'Something else'));
    await settle();
    expect(selectModal(drawer.snapshot())).toBe('coupon');
    expect(drawer.snapshot().context.coupons).toEqual([PIZZA_5, BASS_25]);
    expect(drawer.toasts()).toEqual([{ message: TOAST_COUPON_CLAIM_FAILED, variant: 'error' }]);
  });
});

describe('the winnings drawer: a grand prize', () => {
  it('runs the prize claim in its modal, and shows the prize claimed after it', async () => {
    const other = grandPrizeOf('p-250', 250);
    const drawer = await openWith({ grandPrizes: [PRIZE, other] });
    drawer.send({ type: 'drawer.selectPrize', id: 'p-unknown' });
    expect(selectModal(drawer.snapshot())).toBeNull();

    drawer.send({ type: 'drawer.selectPrize', id: PRIZE.id });
    expect(selectModal(drawer.snapshot())).toBe('prize');
    const claim = selectDrawerPrizeClaim(drawer.snapshot())!;
    expect(claim.getSnapshot().context.prizeId).toBe(PRIZE.id);
    // The modal offers all three methods.
    expect(drawer.api.callsOf('paymentChoices')).toEqual([PRIZE.id]);
    drawer.api.resolve('paymentChoices', choicesOf(PRIZE.id));
    await settle();
    expect(claim.getSnapshot().context.choices).toEqual(['Venmo', 'PayPal', 'Virtual Visa']);
    claim.send({ type: 'claim.choose', method: 'PayPal' });
    claim.send({ type: 'claim.submit', details: 'jane@example.com' });
    drawer.api.resolve('claimPrize', {
      data: { grand_prize_id: PRIZE.id, payment_method: 'PayPal', message: 'On its way' },
    });
    await settle();
    expect(selectModal(drawer.snapshot())).toBe('prize');
    claim.send({ type: 'claim.close' });

    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(drawer.snapshot().context.selectedPrizeId).toBeNull();
    expect(selectGrandPrizes(drawer.snapshot())).toEqual([
      { ...PRIZE, claimed: true, payment_method: 'PayPal' },
      other,
    ]);
  });

  it('leaves the prize unclaimed when the modal is closed before a claim', async () => {
    const drawer = await openWith({ grandPrizes: [PRIZE] });
    drawer.send({ type: 'drawer.selectPrize', id: PRIZE.id });
    selectDrawerPrizeClaim(drawer.snapshot())!.send({ type: 'claim.close' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(selectGrandPrizes(drawer.snapshot())).toEqual([PRIZE]);
  });
});

describe('the winnings drawer: a referral bonus', () => {
  it('runs the claim in its modal, without asking how to pay, and shows it claimed', async () => {
    const other = bonusOf('b-40', 40);
    const drawer = await openWith({ bonuses: [BONUS, other] });
    drawer.send({ type: 'drawer.selectBonus', id: 'b-unknown' });
    expect(selectModal(drawer.snapshot())).toBeNull();

    drawer.send({ type: 'drawer.selectBonus', id: BONUS.id });
    expect(selectModal(drawer.snapshot())).toBe('bonus');
    const claim = selectDrawerPrizeClaim(drawer.snapshot())!;
    expect(claim.getSnapshot().context).toMatchObject({ kind: 'referralBonus', prizeId: BONUS.id });
    expect(claim.getSnapshot().value).toBe('choosing');
    expect(drawer.api.count('paymentChoices')).toBe(0);
    claim.send({ type: 'claim.choose', method: 'PayPal' });
    claim.send({ type: 'claim.submit', details: 'jane@example.com' });
    expect(drawer.api.callsOf('claimBonus')).toEqual([
      { referral_bonus_id: BONUS.id, payment_method: 'PayPal', email: 'jane@example.com' },
    ]);
    drawer.api.resolve('claimBonus', {
      data: { referral_bonus_id: BONUS.id, payment_method: 'PayPal', message: 'On its way' },
    });
    await settle();
    claim.send({ type: 'claim.close' });

    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(drawer.snapshot().context.selectedBonusId).toBeNull();
    expect(selectReferralBonuses(drawer.snapshot())).toEqual([
      { ...BONUS, claimed: true, payment_method: 'PayPal' },
      other,
    ]);
  });

  it('leaves the bonus unclaimed when the modal is closed before a claim', async () => {
    const drawer = await openWith({ bonuses: [BONUS] });
    drawer.send({ type: 'drawer.selectBonus', id: BONUS.id });
    selectDrawerPrizeClaim(drawer.snapshot())!.send({ type: 'claim.close' });
    expect(selectModal(drawer.snapshot())).toBeNull();
    expect(selectReferralBonuses(drawer.snapshot())).toEqual([BONUS]);
  });
});
