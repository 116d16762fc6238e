// The catalogs the operator loads (DESIGN sections 3 and 5): the yes/no questions and the
// offers (coupons and gift cards) rewards are chosen from. `npm run ops -- questions import
// FILE` and `coupons import FILE` validate a file with these schemas and load it whole or not
// at all; the starter catalogs (server/catalog/) pass the same checks.
import * as z from 'zod/mini';
import { text } from './api';

/** A catalog entry's stable name: importing it again updates the entry instead of adding one. */
export const CatalogKey = text('Key is required').check(
  z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Key is lower-case words joined by hyphens'),
  z.maxLength(60, 'Key has at most 60 characters'),
);

/** What a question is about and what an offer suits: `outdoors`, `sports`, `food`. */
export const CatalogTag = text('Tag is required').check(
  z.regex(/^[a-z][a-z0-9-]*$/, 'Tag is lower-case letters, digits and hyphens'),
  z.maxLength(30, 'Tag has at most 30 characters'),
);

const Tags = z.array(CatalogTag).check(z.minLength(1, 'At least one tag'), z.maxLength(5));

export const CatalogQuestion = z.strictObject({
  key: CatalogKey,
  /** Asked as is, answered yes or no. */
  prompt: text('Prompt is required').check(
    z.trim(),
    z.minLength(5, 'Prompt has at least 5 characters'),
    z.maxLength(160, 'Prompt has at most 160 characters'),
  ),
  tags: Tags,
});
export type CatalogQuestion = z.infer<typeof CatalogQuestion>;

/** The brands whose gift cards play for 8 s with a vibration (spec section 9). */
export const BRANDED_GIFT_CARDS = [
  'Bass Pro Shops',
  'Fanatics',
  'Buffalo Wild Wings',
  'Pilot Flying J',
  'Google Play',
] as const;

export const CatalogOffer = z.strictObject({
  key: CatalogKey,
  /** The brand, shown as the reward's title (`coupon_type` on the wire). */
  coupon_type: text('Brand is required').check(z.trim(), z.minLength(1), z.maxLength(60)),
  kind: z.enum(['coupon', 'gift_card']),
  /** What it is worth to the player, in US dollars. */
  value: z.number().check(
    z.minimum(0.01, 'Value is at least $0.01'),
    z.maximum(10_000, 'Value is at most $10,000'),
    z.refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Whole cents'),
  ),
  /** Our own art, served by the app (`/images/rewards/...`). */
  image: text().check(z.regex(/^\/images\/rewards\/[a-z0-9-]+\.svg$/, 'An image of ours')),
  /** Where the player redeems it. */
  link: z.nullable(text().check(z.regex(/^https:\/\/\S+$/, 'An https address'))),
  tags: Tags,
  /** What claiming it shows the player: a code, or how it is delivered. */
  code: z.nullable(text().check(z.minLength(1), z.maxLength(40))),
  delivery_note: z.nullable(text().check(z.minLength(1), z.maxLength(200))),
});
export type CatalogOffer = z.infer<typeof CatalogOffer>;

const unique = <T extends { key: string }>(entries: readonly T[]) =>
  new Set(entries.map((entry) => entry.key)).size === entries.length;

export const QuestionCatalog = z.strictObject({
  questions: z
    .array(CatalogQuestion)
    .check(z.minLength(1), z.refine(unique, 'Each key appears once')),
});
export type QuestionCatalog = z.infer<typeof QuestionCatalog>;

export const OfferCatalog = z.strictObject({
  offers: z.array(CatalogOffer).check(
    z.minLength(1),
    z.refine(unique, 'Each key appears once'),
    z.refine(
      (offers) => offers.every((offer) => (offer.code ?? offer.delivery_note) !== null),
      'Each offer has a code or a delivery note',
    ),
  ),
});
export type OfferCatalog = z.infer<typeof OfferCatalog>;
