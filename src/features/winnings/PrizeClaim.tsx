import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { PaymentMethod } from '../../../contract/winnings';
import { formatPrize } from '../../../machines/session/session.selectors';
import type { ClaimKind } from '../../../machines/winnings/prize-claim.actors';
import { detailsProblem } from '../../../machines/winnings/prize-claim.setup';
import {
  selectCanGoBack,
  selectCanRetry,
  selectChoices,
  selectClaimKind,
  selectClaimedMessage,
  selectDetails,
  selectIsClaiming,
  selectMethod,
  selectPrizeAmount,
  selectPrizeClaimScreen,
  selectPrizeId,
} from '../../../machines/winnings/prize-claim.selectors';
import { PeopleIcon, TrophyIcon } from './icons';
import type { PrizeClaimActor } from './prize-claim-leave';
import './prize-claim.css';

export type PrizeClaimVariant = 'modal' | 'page';

export type PrizeClaimViewProps = {
  actor: PrizeClaimActor;
  /** The winnings drawer's modal ('Venmo') or the /grandPrize page ('Claim with Venmo'). */
  variant: PrizeClaimVariant;
};

/** The order each screen lists the methods in (the spec names them in these orders). */
const METHOD_ORDER: Record<PrizeClaimVariant, readonly PaymentMethod[]> = {
  modal: ['Venmo', 'PayPal', 'Virtual Visa'],
  page: ['PayPal', 'Venmo', 'Virtual Visa'],
};

type DetailsField = {
  label: string;
  type: 'email' | 'text';
  autoComplete: string;
  placeholder: string;
};

const DETAILS_FIELDS: Record<PaymentMethod, DetailsField> = {
  PayPal: {
    label: 'PayPal e-mail',
    type: 'email',
    autoComplete: 'email',
    placeholder: 'you@example.com',
  },
  Venmo: { label: 'Venmo username', type: 'text', autoComplete: 'off', placeholder: '@jane-doe' },
  'Virtual Visa': {
    label: 'E-mail for your virtual Visa card',
    type: 'email',
    autoComplete: 'email',
    placeholder: 'you@example.com',
  },
};

/** What the claim is for, as the drawer lists it. */
export function claimTitle(kind: ClaimKind, amount: number): string {
  return kind === 'grandPrize'
    ? `You won ${formatPrize(amount)}`
    : `${formatPrize(amount)} because a player you invited won`;
}

/**
 * The claim of a grand prize or a referral bonus: choose a payout method, give its details, see
 * how it is paid.
 */
export function PrizeClaimView({ actor, variant }: PrizeClaimViewProps) {
  const screen = useSelector(actor, selectPrizeClaimScreen);
  const amount = useSelector(actor, selectPrizeAmount);
  const kind = useSelector(actor, selectClaimKind);
  const titleId = useId();
  const Title = variant === 'page' ? 'h1' : 'h2';
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    // Over the drawer, the control that had the focus may have gone with the screen it was on
    // (a method chosen, Back, a claim made): the new screen's first control takes it, so a
    // keyboard is never left nowhere in the dialog.
    if (variant !== 'modal') return;
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    section.current?.querySelector<HTMLElement>('input, button:not(:disabled)')?.focus();
  }, [screen, variant]);
  return (
    <section
      ref={section}
      className={`prize-claim prize-claim--${variant}`}
      aria-labelledby={titleId}
      aria-busy={screen === 'loading'}
    >
      <span className="prize-claim__badge" aria-hidden="true">
        {kind === 'grandPrize' ? <TrophyIcon /> : <PeopleIcon />}
      </span>
      <Title id={titleId} className="prize-claim__title">
        {claimTitle(kind, amount)}
      </Title>
      {screen === 'loading' && <p className="prize-claim__status">Loading…</p>}
      {screen === 'loadFailed' && <LoadFailed actor={actor} />}
      {screen === 'choosing' && <Choices actor={actor} variant={variant} />}
      {screen === 'entering' && <Entering actor={actor} />}
      {screen === 'claimed' && <Claimed actor={actor} />}
      {/* In the drawer the modal can be left before a claim; /grandPrize has the tab bar. */}
      {variant === 'modal' && screen !== null && screen !== 'claimed' && screen !== 'entering' && (
        <button
          type="button"
          className="secondary-button"
          onClick={() => actor.send({ type: 'claim.close' })}
        >
          Not now
        </button>
      )}
    </section>
  );
}

function LoadFailed({ actor }: { actor: PrizeClaimActor }) {
  const canRetry = useSelector(actor, selectCanRetry);
  return (
    <>
      <p className="prize-claim__status">The ways to be paid could not be loaded.</p>
      <button
        type="button"
        className="secondary-button"
        disabled={!canRetry}
        onClick={() => actor.send({ type: 'claim.retry' })}
      >
        Try again
      </button>
    </>
  );
}

function Choices({ actor, variant }: { actor: PrizeClaimActor; variant: PrizeClaimVariant }) {
  const choices = useSelector(actor, selectChoices);
  const shown = METHOD_ORDER[variant].filter((method) => choices.includes(method));
  return (
    <>
      <p className="prize-claim__lead">How would you like to be paid?</p>
      <div className="prize-claim__choices" role="group" aria-label="Payout method">
        {shown.map((method) => (
          <button
            key={method}
            type="button"
            className="primary-button"
            onClick={() => actor.send({ type: 'claim.choose', method })}
          >
            {variant === 'page' ? `Claim with ${method}` : method}
          </button>
        ))}
      </div>
    </>
  );
}

function Entering({ actor }: { actor: PrizeClaimActor }) {
  const method = useSelector(actor, selectMethod);
  // A new method is a new form: its field starts from what was last sent for it.
  return method === null ? null : <DetailsForm key={method} actor={actor} method={method} />;
}

/** The form's rules are the claim's (the contract's), so the server sees what passed here. */
function detailsSchema(kind: ClaimKind, prizeId: string, method: PaymentMethod) {
  return z.object({
    details: z.string().check(
      z.superRefine((details, context) => {
        const problem = detailsProblem(kind, prizeId, method, details);
        if (problem !== null) context.addIssue({ code: 'custom', message: problem });
      }),
    ),
  });
}

type DetailsInput = z.input<ReturnType<typeof detailsSchema>>;
type DetailsOutput = z.output<ReturnType<typeof detailsSchema>>;

function DetailsForm({ actor, method }: { actor: PrizeClaimActor; method: PaymentMethod }) {
  const prizeId = useSelector(actor, selectPrizeId);
  const kind = useSelector(actor, selectClaimKind);
  const amount = useSelector(actor, selectPrizeAmount);
  const lastDetails = useSelector(actor, selectDetails);
  const isClaiming = useSelector(actor, selectIsClaiming);
  const canGoBack = useSelector(actor, selectCanGoBack);
  const schema = useMemo(() => detailsSchema(kind, prizeId, method), [kind, prizeId, method]);
  const { register, handleSubmit, formState } = useForm<DetailsInput, unknown, DetailsOutput>({
    resolver: zodResolver(schema),
    defaultValues: { details: lastDetails },
  });
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const error = formState.errors.details?.message;
  const field = DETAILS_FIELDS[method];
  return (
    <form
      className="prize-claim__form"
      noValidate
      onSubmit={(event) => {
        void handleSubmit((values) =>
          actor.send({ type: 'claim.submit', details: values.details }),
        )(event);
      }}
    >
      <div className="prize-claim__field">
        <label className="prize-claim__label" htmlFor={inputId}>
          {field.label}
        </label>
        <input
          {...register('details')}
          id={inputId}
          className="prize-claim__input"
          type={field.type}
          inputMode={field.type === 'email' ? 'email' : 'text'}
          autoComplete={field.autoComplete}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder={field.placeholder}
          readOnly={isClaiming}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <p id={errorId} className="prize-claim__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="primary-button" disabled={isClaiming} aria-busy={isClaiming}>
        {isClaiming ? 'Claiming…' : `Claim ${formatPrize(amount)}`}
      </button>
      <button
        type="button"
        className="secondary-button"
        disabled={!canGoBack}
        onClick={() => actor.send({ type: 'claim.back' })}
      >
        Back
      </button>
    </form>
  );
}

function Claimed({ actor }: { actor: PrizeClaimActor }) {
  const message = useSelector(actor, selectClaimedMessage);
  return (
    <>
      <p className="prize-claim__message" role="status">
        {message}
      </p>
      <button
        type="button"
        className="primary-button"
        onClick={() => actor.send({ type: 'claim.close' })}
      >
        Done
      </button>
    </>
  );
}
