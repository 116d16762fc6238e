import { Link } from 'wouter';

/** The way from the sign-up screens to sign-in, one tap for a returning player. */
export function SignInLink(): React.JSX.Element {
  return (
    <p className="entry__aside">
      <Link href="/phone-login" className="secondary-button entry__switch">
        I already have an account
      </Link>
    </p>
  );
}

/** The way from sign-in to sign-up: an invitation code opens the door. */
export function SignUpLink(): React.JSX.Element {
  return (
    <p className="entry__aside">
      <Link href="/invite-code" className="secondary-button entry__switch">
        Sign up with an invitation code
      </Link>
    </p>
  );
}
