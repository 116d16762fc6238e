// The catalogs (questions and offers): loaded in batches by key, listed for the operator.
import { asc, count, sql } from 'drizzle-orm';
import type { CatalogOffer, CatalogQuestion } from '../../contract/catalog';
import type { Database } from '../db/database';
import { offers, questions } from '../db/schema';

/** Adds the questions new by key and updates the others; returns how many were new. */
export async function upsertQuestions(
  db: Database,
  batch: readonly CatalogQuestion[],
): Promise<number> {
  if (batch.length === 0) return 0;
  const rows = await db
    .insert(questions)
    .values(batch.map(({ key, prompt, tags }) => ({ key, prompt, tags })))
    .onConflictDoUpdate({
      target: questions.key,
      set: { prompt: sql`excluded.prompt`, tags: sql`excluded.tags`, updatedAt: sql`now()` },
    })
    // xmax is 0 for a row this statement inserted, the updating transaction's id otherwise.
    .returning({ inserted: sql<boolean>`xmax = 0` });
  return rows.filter((row) => row.inserted).length;
}

/** Adds the offers new by key and updates the others; returns how many were new. */
export async function upsertOffers(db: Database, batch: readonly CatalogOffer[]): Promise<number> {
  if (batch.length === 0) return 0;
  const rows = await db
    .insert(offers)
    .values(
      batch.map((offer) => ({
        key: offer.key,
        couponType: offer.coupon_type,
        kind: offer.kind,
        valueCents: Math.round(offer.value * 100),
        image: offer.image,
        link: offer.link,
        tags: offer.tags,
        code: offer.code,
        deliveryNote: offer.delivery_note,
      })),
    )
    .onConflictDoUpdate({
      target: offers.key,
      set: {
        couponType: sql`excluded.coupon_type`,
        kind: sql`excluded.kind`,
        valueCents: sql`excluded.value_cents`,
        image: sql`excluded.image`,
        link: sql`excluded.link`,
        tags: sql`excluded.tags`,
        code: sql`excluded.code`,
        deliveryNote: sql`excluded.delivery_note`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ inserted: sql<boolean>`xmax = 0` });
  return rows.filter((row) => row.inserted).length;
}

export async function listQuestions(db: Database) {
  return db
    .select({
      id: questions.id,
      key: questions.key,
      prompt: questions.prompt,
      tags: questions.tags,
    })
    .from(questions)
    .orderBy(asc(questions.id));
}

export async function listOffers(db: Database) {
  return db
    .select({
      id: offers.id,
      key: offers.key,
      couponType: offers.couponType,
      kind: offers.kind,
      valueCents: offers.valueCents,
      tags: offers.tags,
    })
    .from(offers)
    .orderBy(asc(offers.id));
}

export async function countCatalog(db: Database): Promise<{ questions: number; offers: number }> {
  const [q] = await db.select({ total: count() }).from(questions);
  const [o] = await db.select({ total: count() }).from(offers);
  return { questions: q?.total ?? 0, offers: o?.total ?? 0 };
}
