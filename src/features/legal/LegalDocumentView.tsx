import { useEffect, type ReactNode } from 'react';
import { formatLegalDate, type LegalDocument } from './legal-document';
import './legal.css';

const EMAIL = /([^\s@()<>,;:"]+@[^\s@()<>,;:"]+\.[a-z]{2,})/i;

/** A paragraph with every e-mail address in it made a mailto link. */
function Paragraph({ text }: { text: string }) {
  // split with a capturing group keeps the addresses at the odd indices
  const parts = text.split(EMAIL);
  return (
    <p>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={`mailto:${part}`}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

/** The element id a URL fragment names; none for a malformed one typed by hand. */
function fragmentId(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return '';
  }
}

export interface LegalDocumentViewProps {
  document: LegalDocument;
  /** The way back: a link home, or the privacy page's Back button. */
  back: ReactNode;
}

/** Renders any legal document: header, table of contents, numbered chapters with anchor ids. */
export function LegalDocumentView({ document: legal, back }: LegalDocumentViewProps) {
  useEffect(() => {
    // The chapters are rendered after the browser's own jump to the URL fragment, so a deep
    // link such as /rules#odds_of_winning would otherwise open at the top.
    const id = fragmentId(window.location.hash);
    if (id) document.getElementById(id)?.scrollIntoView();
  }, []);

  return (
    <main className="legal">
      <nav className="legal__bar" aria-label="Back">
        {back}
      </nav>
      <header className="legal__header">
        <h1 className="legal__title">{legal.title}</h1>
        <p className="legal__updated">
          Last updated <time dateTime={legal.updatedAt}>{formatLegalDate(legal.updatedAt)}</time>
        </p>
      </header>

      {legal.intro && (
        <div className="legal__intro">
          {legal.intro.map((text, index) => (
            <Paragraph key={index} text={text} />
          ))}
        </div>
      )}

      <nav className="legal__toc" aria-label="Table of contents">
        <h2 className="legal__toc-title">Table of contents</h2>
        <ol>
          {legal.chapters.map((chapter) => (
            <li key={chapter.key}>
              <a href={`#${chapter.key}`}>{chapter.title}</a>
            </li>
          ))}
        </ol>
      </nav>

      {legal.chapters.map((chapter, index) => (
        <section
          key={chapter.key}
          id={chapter.key}
          className="legal__chapter"
          aria-labelledby={`${chapter.key}__title`}
        >
          <h2 id={`${chapter.key}__title`} className="legal__chapter-title">
            <span className="legal__number">{index + 1}.</span> {chapter.title}
          </h2>
          {chapter.body.map((text, paragraph) => (
            <Paragraph key={paragraph} text={text} />
          ))}
        </section>
      ))}
    </main>
  );
}
