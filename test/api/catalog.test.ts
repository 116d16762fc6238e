// The catalogs in the database, on PGlite and PostgreSQL: the starter catalog loads once, an
// import updates by key, and an import the database refuses midway leaves nothing behind.
import { describe, expect, it } from 'vitest';
import { OfferCatalog, QuestionCatalog } from '../../contract/catalog';
import { IMPORT_BATCH } from '../../server/services/catalog';
import { buildTestApp, databases, useDatabase } from './helper';

describe.each(databases)('the catalogs on %s', (kind) => {
  const database = useDatabase(kind);

  it('loads the starter catalog once, however often it is asked', async () => {
    const app = await buildTestApp(database());
    const { catalog } = app.services;
    const before = await catalog.count();
    const loaded = await catalog.loadStarterOnce();
    const after = await catalog.count();
    // Loaded by this call, or by the app's start (it seeds) before it.
    if (loaded) expect(after.questions).toBeGreaterThan(before.questions);
    expect(after.questions).toBeGreaterThanOrEqual(40);
    expect(after.offers).toBeGreaterThanOrEqual(12);
    expect(await catalog.loadStarterOnce()).toBe(false);
    expect(await catalog.count()).toEqual(after);
  });

  it('keeps each entry once by its key: a second import updates it', async () => {
    const app = await buildTestApp(database());
    const { catalog } = app.services;
    const before = await catalog.count();
    const file = QuestionCatalog.parse({
      questions: [{ key: 'api-kayak', prompt: 'Have you ever gone kayaking?', tags: ['outdoors'] }],
    });
    expect(await catalog.importQuestions(file)).toEqual({ added: 1, updated: 0 });
    const changed = QuestionCatalog.parse({
      questions: [{ key: 'api-kayak', prompt: 'Would you like to try kayaking?', tags: ['water'] }],
    });
    expect(await catalog.importQuestions(changed)).toEqual({ added: 0, updated: 1 });
    expect((await catalog.count()).questions).toBe(before.questions + 1);
    const row = (await catalog.listQuestions()).find((q) => q.key === 'api-kayak');
    expect(row).toMatchObject({ prompt: 'Would you like to try kayaking?', tags: ['water'] });
  });

  it('stores an offer’s value in whole cents', async () => {
    const app = await buildTestApp(database());
    const { catalog } = app.services;
    const file = OfferCatalog.parse({
      offers: [
        {
          key: 'api-cents',
          coupon_type: 'Trail Mix Co.',
          kind: 'coupon',
          value: 19.99,
          image: '/images/rewards/coupon.svg',
          link: 'https://example.com/redeem/trail',
          tags: ['food'],
          code: null,
          delivery_note: 'Sent to you by text.',
        },
      ],
    });
    await catalog.importOffers(file);
    const row = (await catalog.listOffers()).find((o) => o.key === 'api-cents');
    expect(row).toMatchObject({ valueCents: 1999, kind: 'coupon', couponType: 'Trail Mix Co.' });
  });

  it('leaves nothing behind when the database refuses a later batch of an import', async () => {
    const app = await buildTestApp(database());
    const { catalog } = app.services;
    const before = await catalog.count();
    const questions = Array.from({ length: IMPORT_BATCH + 10 }, (_, i) => ({
      key: `api-batch-${i}`,
      prompt: `Do you like thing number ${i}?`,
      tags: ['things'],
    }));
    // The same key twice in one statement: the second batch fails in the database, after the
    // first was written.
    questions[IMPORT_BATCH + 5] = { ...questions[IMPORT_BATCH + 1]! };
    await expect(catalog.importQuestions({ questions })).rejects.toThrow();
    expect(await catalog.count()).toEqual(before);
    expect((await catalog.listQuestions()).some((q) => q.key === 'api-batch-0')).toBe(false);
  });
});
