import {
  selectIsDisclaimerShown,
  selectIsEnteringPhone,
  selectIsOnboardingPhoneShown,
  selectIsRegistering,
} from '../../../machines/entry-flow/entry-flow.selectors';
import { Disclaimer } from './Disclaimer';
import { useEntryFlowSelector, useEntryFlowSend } from './entry-flow-actor';
import { PhoneForm } from './PhoneForm';
import './entry.css';

/** "/onboarding": 'Verify Your Mobile Number' (after the disclaimer, unless it was skipped). */
export function OnboardingPage(): React.JSX.Element {
  const send = useEntryFlowSend();
  const disclaimerShown = useEntryFlowSelector(selectIsDisclaimerShown);
  const phoneShown = useEntryFlowSelector(selectIsOnboardingPhoneShown);
  const canSubmit = useEntryFlowSelector(selectIsEnteringPhone);
  const busy = useEntryFlowSelector(selectIsRegistering);

  if (disclaimerShown) return <Disclaimer />;
  if (!phoneShown) return <main className="screen entry" aria-busy="true" />;
  return (
    <main className="screen entry entry--form">
      <h1 className="entry__title">Verify Your Mobile Number</h1>
      <PhoneForm
        id="onboarding-phone"
        submitLabel="Enter"
        canSubmit={canSubmit}
        busy={busy}
        onSubmit={(phoneNumber) => send({ type: 'phone.submit', phoneNumber })}
      />
      <p className="entry__note">
        We only ever send you a text message if you win. Your number is never shared.
      </p>
    </main>
  );
}
