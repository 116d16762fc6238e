import { useMemo } from 'react';
import { Link } from 'wouter';
import { LegalDocumentView } from './LegalDocumentView';
import { buildRules } from './rules';

export function RulesPage({
  operatorName,
  contactEmail,
}: {
  operatorName: string;
  contactEmail: string;
}) {
  const rules = useMemo(
    () => buildRules({ operatorName, contactEmail }),
    [operatorName, contactEmail],
  );
  return <LegalDocumentView document={rules} back={<Link href="/">Back to BLACK BUTTON</Link>} />;
}
