import {
  selectIsEnteringLoginPhone,
  selectIsNotRegistered,
  selectIsRequestingLoginCode,
} from '../../../machines/entry-flow/entry-flow.selectors';
import { SignUpLink } from './AccountLinks';
import { useSelector } from '@xstate/react';
import { Step, type EntryStep } from './entry-flow-actor';
import { PhoneForm } from './PhoneForm';
import './entry.css';

/** "/phone-login": 'Welcome back', a returning player asks for a code. */
export function PhoneLoginPage(): React.JSX.Element {
  return <Step id="phoneLogin" view={(step) => <PhoneLogin step={step} />} />;
}

function PhoneLogin({ step }: { step: EntryStep<'phoneLogin'> }): React.JSX.Element {
  const send = step.send;
  const canSubmit = useSelector(step, selectIsEnteringLoginPhone);
  const busy = useSelector(step, selectIsRequestingLoginCode);
  const notRegistered = useSelector(step, selectIsNotRegistered);
  return (
    <main className="screen entry entry--form">
      <span className="entry__mark" aria-hidden="true" />
      <h1 className="entry__title">Welcome back</h1>
      <PhoneForm
        id="login-phone"
        submitLabel="Get my code"
        canSubmit={canSubmit}
        busy={busy}
        hideSubmitWhileEmpty
        onSubmit={(phoneNumber) => send({ type: 'login.submitPhone', phoneNumber })}
      />
      <p className="entry__note">We will text a 4-digit code to this number.</p>
      {notRegistered && (
        <p className="entry__error entry__error--card" role="alert">
          No player has this number yet. New to BLACK BUTTON? Sign up with the code a friend sent
          you.
        </p>
      )}
      <SignUpLink />
    </main>
  );
}
