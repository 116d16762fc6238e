// The shapes the legal documents are held to (terms, privacy policy, Official Rules): their
// tests parse each document built (test/unit/legal.test.tsx). The app renders the documents as
// the typed data they are and loads none of this.
import { z } from 'zod/mini';
import type { LegalDocument } from './legal-document';
import { RULES_CHAPTER_KEYS, type RulesDocument } from './rules';

/** A chapter key is used verbatim as an element id and URL fragment. */
const anchorId = z.string().check(z.regex(/^[a-z][a-z0-9_-]*$/, 'a lower-case anchor id'));

const someText = z.string().check(z.minLength(1));
const paragraphs = z.array(someText).check(z.minLength(1));

const hasUniqueKeys = (chapters: readonly { key: string }[]) =>
  new Set(chapters.map((chapter) => chapter.key)).size === chapters.length;

export const legalDocumentSchema: z.ZodMiniType<LegalDocument> = z.strictObject({
  title: someText,
  updatedAt: z.iso.date(),
  intro: z.optional(paragraphs),
  chapters: z
    .array(z.strictObject({ key: anchorId, title: someText, body: paragraphs }))
    .check(
      z.minLength(1),
      z.refine<readonly { key: string }[]>(hasUniqueKeys, 'chapter keys must be unique'),
    ),
});

export const rulesDocumentSchema: z.ZodMiniType<RulesDocument> = z.strictObject({
  title: someText,
  updatedAt: z.iso.date(),
  chapters: z
    .array(z.strictObject({ key: z.enum(RULES_CHAPTER_KEYS), title: someText, body: paragraphs }))
    .check(
      z.refine<readonly { key: string }[]>(
        (chapters) =>
          chapters.length === RULES_CHAPTER_KEYS.length &&
          chapters.every((chapter, index) => chapter.key === RULES_CHAPTER_KEYS[index]),
        'the rules have each chapter once, in order',
      ),
    ),
});
