import { useMemo } from 'react';
import { Link } from 'wouter';
import { LegalDocumentView } from './LegalDocumentView';
import { buildTerms } from './terms';

export function TermsPage({
  operatorName,
  contactEmail,
}: {
  operatorName: string;
  contactEmail: string;
}) {
  const terms = useMemo(
    () => buildTerms({ operatorName, contactEmail }),
    [operatorName, contactEmail],
  );
  return <LegalDocumentView document={terms} back={<Link href="/">Back to BLACK BUTTON</Link>} />;
}
