import { useSelector } from '@xstate/react';
import {
  selectIsEnteringPhone,
  selectIsRegistering,
} from '../../../machines/entry-flow/entry-flow.selectors';
import { Disclaimer } from './Disclaimer';
import { Step, useEntryStep, type EntryStep } from './entry-flow-actor';
import { PhoneForm } from './PhoneForm';
import './entry.css';

function Registration({ step }: { step: EntryStep<'phoneRegistration'> }): React.JSX.Element {
  const canSubmit = useSelector(step, selectIsEnteringPhone);
  const busy = useSelector(step, selectIsRegistering);
  return (
    <main className="screen entry entry--form">
      <span className="entry__mark" aria-hidden="true" />
      <h1 className="entry__title">Verify Your Mobile Number</h1>
      <PhoneForm
        id="onboarding-phone"
        submitLabel="Enter"
        canSubmit={canSubmit}
        busy={busy}
        onSubmit={(phoneNumber) => step.send({ type: 'phone.submit', phoneNumber })}
      />
      <p className="entry__note">
        We only ever send you a text message if you win. Your number is never shared.
      </p>
    </main>
  );
}

/** "/onboarding": 'Verify Your Mobile Number' (after the disclaimer, unless it was skipped). */
export function OnboardingPage(): React.JSX.Element {
  const terms = useEntryStep('terms');
  if (terms) return <Disclaimer terms={terms} />;
  return <Step id="phoneRegistration" view={(step) => <Registration step={step} />} />;
}
