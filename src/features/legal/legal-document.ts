// Terms, privacy policy and Official Rules share one shape, the spec's Rules document
// (title, updatedAt, chapters of key, title and paragraphs), so a single view renders all three
// and every chapter key doubles as the anchor id that links such as /rules#odds_of_winning use.
import { z } from 'zod';

/** A chapter key is used verbatim as an element id and URL fragment. */
export const anchorIdSchema = z.string().regex(/^[a-z][a-z0-9_-]*$/, 'a lower-case anchor id');

export const legalChapterSchema = z
  .object({
    key: anchorIdSchema,
    title: z.string().min(1),
    body: z.array(z.string().min(1)).min(1),
  })
  .strict();

const hasUniqueKeys = (chapters: readonly { key: string }[]) =>
  new Set(chapters.map((chapter) => chapter.key)).size === chapters.length;

export const legalDocumentSchema = z
  .object({
    title: z.string().min(1),
    /** ISO calendar date, shown as 'Last updated February 13, 2025'. */
    updatedAt: z.iso.date(),
    /** Paragraphs before the first numbered chapter. */
    intro: z.array(z.string().min(1)).optional(),
    chapters: z
      .array(legalChapterSchema)
      .min(1)
      .refine(hasUniqueKeys, 'chapter keys must be unique'),
  })
  .strict();

export type LegalChapter = z.infer<typeof legalChapterSchema>;
export type LegalDocument = z.infer<typeof legalDocumentSchema>;

/** Who runs the product and where players write: from OPERATOR_NAME and CONTACT_EMAIL. */
export interface LegalParties {
  operatorName: string;
  contactEmail: string;
}

/** 'February 13, 2025' for '2025-02-13', the same in every time zone. */
export function formatLegalDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}
