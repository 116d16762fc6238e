import { useMemo } from 'react';
import { LegalDocumentView } from './LegalDocumentView';
import { buildPrivacyPolicy } from './privacy';

export function PrivacyPage({
  operatorName,
  contactEmail,
  onBack,
}: {
  operatorName: string;
  contactEmail: string;
  onBack: () => void;
}) {
  const policy = useMemo(
    () => buildPrivacyPolicy({ operatorName, contactEmail }),
    [operatorName, contactEmail],
  );
  return (
    <LegalDocumentView
      document={policy}
      back={
        <button type="button" onClick={onBack}>
          Back
        </button>
      }
    />
  );
}
