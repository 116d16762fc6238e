// Terms, privacy policy and Official Rules share one shape, the spec's Rules document
// (title, updatedAt, chapters of key, title and paragraphs), so a single view renders all three
// and every chapter key doubles as the anchor id that links such as /rules#odds_of_winning use.
/** A numbered chapter: its key is an element id and URL fragment (lower case). */
export interface LegalChapter {
  key: string;
  title: string;
  /** Its paragraphs, at least one. */
  body: string[];
}

/**
 * A legal document. Its shape is held by its tests (legal-schemas.ts): the app renders the
 * documents as typed data and loads no schema for them.
 */
export interface LegalDocument {
  title: string;
  /** ISO calendar date, shown as 'Last updated February 13, 2025'. */
  updatedAt: string;
  /** Paragraphs before the first numbered chapter. */
  intro?: string[];
  /** At least one, each key once. */
  chapters: LegalChapter[];
}

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
