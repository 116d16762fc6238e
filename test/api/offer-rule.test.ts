// The offer rule of the Official Rules, on PGlite and PostgreSQL: a coupon (a whole batch's,
// or the first skip's wishlist coupon) is chosen at random among the offers whose tags meet
// what the player said yes to, and among all offers when none does. Both coupons follow the
// same rule (repositories/rewards.ts chosenOffer), each coupon of a payment drawn on its own.
import { describe, expect, it } from 'vitest';
import { type Reward } from '../../contract/api';
import { QUESTIONS_PER_BATCH } from '../../contract/questionnaires';
import { RewardResponse, RewardsResponse } from '../../contract/rewards';
import { couponOffer, databases, numberedQuestions, useRewardsApp } from './helper';

const QUESTIONS = 30;
/** Questions alternate: the even ones about the outdoors, the odd ones about food. */
const isOutdoors = (i: number) => i % 2 === 0;
const BRANDS = ['Camp Corner', 'Dinerland', 'Far Away Travel'];

describe.each(databases)('the offer rule on %s', (kind) => {
  // No question is about travel: that offer suits nobody, and is still on offer to all.
  const { call, answering: answered } = useRewardsApp(kind, {
    questions: numberedQuestions(QUESTIONS, 'o', 'Offer question', (i) => [
      isOutdoors(i) ? 'outdoors' : 'food',
    ]),
    offers: [
      couponOffer('o-camp', 'Camp Corner', ['outdoors']),
      couponOffer('o-diner', 'Dinerland', ['food']),
      couponOffer('o-travel', 'Far Away Travel', ['travel']),
    ],
  });

  /** A new player who presses and answers `count` questions, yes where `yes(i)` says. */
  const answering = (count: number, yes: (i: number) => boolean) =>
    answered({ count, answer: (prompt) => yes(Number(/\d+/.exec(prompt)?.[0])) });

  /** The brands of the coupons a player's payment earned. */
  async function couponBrands(count: number, yes: (i: number) => boolean) {
    const player = await answering(count, yes);
    const paid = await call('POST', 'rewards', player.token, { draw_entry_id: player.entry.id });
    expect(paid.statusCode).toBe(201);
    const coupons = RewardsResponse.parse(paid.json()).data.filter(
      (reward: Reward) => reward.type === 'coupon_reward',
    );
    expect(coupons).toHaveLength(Math.floor(count / QUESTIONS_PER_BATCH));
    return coupons.map((coupon) => coupon.attributes.coupon_type);
  }

  it('gives every coupon from the offers that suit what the player said yes to', async () => {
    expect(await couponBrands(15, isOutdoors)).toEqual(Array(3).fill('Camp Corner'));
    expect(await couponBrands(15, (i) => !isOutdoors(i))).toEqual(Array(3).fill('Dinerland'));
    const both = await couponBrands(QUESTIONS, () => true);
    expect(both.every((brand) => brand === 'Camp Corner' || brand === 'Dinerland')).toBe(true);
  });

  it('gives a player who said yes to nothing a coupon from any offer, each drawn on its own', async () => {
    const brands = [
      ...(await couponBrands(QUESTIONS, () => false)),
      ...(await couponBrands(QUESTIONS, () => false)),
    ];
    expect(brands).toHaveLength(12);
    expect(brands.every((brand) => BRANDS.includes(brand ?? ''))).toBe(true);
    // Twelve draws among three offers: all alike once in 59 049 runs.
    expect(new Set(brands).size).toBeGreaterThan(1);
  });

  it('gives the first skip its wishlist coupon by the same rule', async () => {
    // Yes to a food question, no to an outdoors one, then the questionnaire skipped.
    const player = await answering(2, (i) => !isOutdoors(i));
    const skipped = await call('POST', 'questionnaires/skip_questionnaire', player.token, {
      draw_entry_id: player.entry.id,
    });
    expect(skipped.statusCode).toBe(201);
    const coupon = await call('POST', 'questionnaires/create_coupon_from_wishlist', player.token, {
      is_first_skip_reward: true,
    });
    expect(coupon.statusCode).toBe(201);
    expect(RewardResponse.parse(coupon.json()).data.attributes.coupon_type).toBe('Dinerland');
    // Said yes to nothing: any offer of the catalog.
    const nothing = await answering(1, () => false);
    await call('POST', 'questionnaires/skip_questionnaire', nothing.token, {
      draw_entry_id: nothing.entry.id,
    });
    const any = await call('POST', 'questionnaires/create_coupon_from_wishlist', nothing.token, {
      is_first_skip_reward: true,
    });
    expect(BRANDS).toContain(RewardResponse.parse(any.json()).data.attributes.coupon_type);
  });
});
