// The final-test page (spec section 2, DESIGN section 8): while FEATURE_FINAL_TEST is on (a test
// campaign has ended) every signed-in route shows it. It asks the player to text 'More' for
// feedback: the link opens the phone's messages with 'More' written.
import './final-test.css';

/** The text the player is asked to send. */
export const FEEDBACK_WORD = 'More';

/** Opens a new text with the word written (`?&body=` reads on iOS and Android alike). */
export const FEEDBACK_SMS_LINK = `sms:?&body=${FEEDBACK_WORD}`;

export function FinalTestPage() {
  return (
    <main className="screen final-test">
      <div className="final-test__card">
        <span className="final-test__mark" aria-hidden="true" />
        <h1 className="final-test__title">This Concludes Our Test</h1>
        <p className="final-test__lead">
          Thank you for playing. Text &apos;{FEEDBACK_WORD}&apos; to tell us what you think.
        </p>
        <a className="primary-button final-test__text" href={FEEDBACK_SMS_LINK}>
          Text &apos;{FEEDBACK_WORD}&apos;
        </a>
      </div>
    </main>
  );
}
