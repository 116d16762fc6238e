import { Link } from 'wouter';
import {
  selectCanSubmitDisclaimer,
  selectCanToggleAgreement,
  selectIsAgreementBoxShown,
  selectIsAgreementChecked,
} from '../../../machines/entry-flow/entry-flow.selectors';
import { SignInLink } from './AccountLinks';
import { useSelector } from '@xstate/react';
import type { EntryStep } from './entry-flow-actor';

/** The disclaimer: what a player agrees to, with the terms, privacy policy and rules. */
export function Disclaimer({
  terms,
  accountDeleted = false,
}: {
  terms: EntryStep<'terms'>;
  /** The player has just deleted their account: the page says it was done. */
  accountDeleted?: boolean;
}) {
  const send = terms.send;
  const showBox = useSelector(terms, selectIsAgreementBoxShown);
  const checked = useSelector(terms, selectIsAgreementChecked);
  const canToggle = useSelector(terms, selectCanToggleAgreement);
  const canSubmit = useSelector(terms, selectCanSubmitDisclaimer);
  return (
    <main className="screen entry entry--disclaimer">
      {accountDeleted && (
        <p className="entry__notice" role="status">
          Your account was deleted
        </p>
      )}
      <span className="entry__mark" aria-hidden="true" />
      <h1 className="entry__title">Disclaimer</h1>
      <div className="entry__text">
        <p>
          BLACK BUTTON is a free sweepstakes for legal residents of the United States who are 18 or
          older (19 in Alabama and Nebraska, 21 in Mississippi). No purchase is necessary, and
          answering questions never changes your odds.
        </p>
        <p>
          We never disclose your email, your phone number or your name. What you share is anonymous,
          and every question is optional.
        </p>
        <p>
          By continuing you agree to the{' '}
          <Link href="/terms-and-conditions">Terms and Conditions</Link>, the{' '}
          <Link href="/privacy-policy">Privacy Policy</Link> and the{' '}
          <Link href="/rules">Official Rules</Link>.
        </p>
      </div>
      <form
        className="entry__form"
        onSubmit={(event) => {
          event.preventDefault();
          send({ type: 'disclaimer.submit' });
        }}
      >
        {showBox && (
          <label className="entry__agreement">
            <input
              type="checkbox"
              checked={checked}
              disabled={!canToggle}
              onChange={() => send({ type: 'disclaimer.toggleAgreement' })}
            />
            <span>
              I am 18 or older and I agree to the Terms and Conditions, the Privacy Policy and the
              Official Rules.
            </span>
          </label>
        )}
        <button type="submit" className="primary-button" disabled={!canSubmit}>
          SUBMIT
        </button>
      </form>
      <SignInLink />
    </main>
  );
}
