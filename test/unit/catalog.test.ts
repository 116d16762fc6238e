// The starter catalogs a new server loads: they pass the import's own checks, cover enough
// ground (DESIGN section 3), offer every branded gift card, and point at art we ship.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BRANDED_GIFT_CARDS, OfferCatalog, QuestionCatalog } from '../../contract/catalog';

const read = (path: string): unknown =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../${path}`, import.meta.url)), 'utf8'));
const publicFile = (path: string) => fileURLToPath(new URL(`../../public${path}`, import.meta.url));

const questions = QuestionCatalog.parse(read('server/catalog/questions.json')).questions;
const offers = OfferCatalog.parse(read('server/catalog/offers.json')).offers;

describe('the starter catalogs', () => {
  it('hold at least 40 questions across at least 8 tags', () => {
    expect(questions.length).toBeGreaterThanOrEqual(40);
    expect(new Set(questions.flatMap((q) => q.tags)).size).toBeGreaterThanOrEqual(8);
  });

  it('hold at least 12 offers, one gift card of each of the five brands', () => {
    expect(offers.length).toBeGreaterThanOrEqual(12);
    for (const brand of BRANDED_GIFT_CARDS) {
      const cards = offers.filter((o) => o.coupon_type === brand && o.kind === 'gift_card');
      expect(cards, brand).toHaveLength(1);
    }
  });

  it('offer something for every tag a question has (the wishlist always has a match)', () => {
    const offered = new Set(offers.flatMap((o) => o.tags));
    expect([...new Set(questions.flatMap((q) => q.tags))].filter((t) => !offered.has(t))).toEqual(
      [],
    );
  });

  it('show art of ours that the app serves, each with a title', () => {
    for (const image of new Set([...offers.map((o) => o.image), '/images/rewards/token.svg'])) {
      expect(existsSync(publicFile(image)), image).toBe(true);
      expect(readFileSync(publicFile(image), 'utf8')).toMatch(/<title[^>]*>[^<]+<\/title>/);
    }
  });
});
