import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { INVITE_CODE_MAX_LENGTH, InviteCode } from '../../../contract/api';
import {
  selectIsEnteringInviteCode,
  selectIsValidatingInviteCode,
} from '../../../machines/entry-flow/entry-flow.selectors';
import { SignInLink } from './AccountLinks';
import { useSelector } from '@xstate/react';
import { Step, type EntryStep } from './entry-flow-actor';
import './entry.css';

const InviteCodeFields = z.object({ inviteCode: InviteCode });

/** "/invite-code": 'Enter Invitation Code'. */
export function InviteCodePage(): React.JSX.Element {
  return <Step id="inviteCode" view={(step) => <InviteCodeForm step={step} />} />;
}

function InviteCodeForm({ step }: { step: EntryStep<'inviteCode'> }): React.JSX.Element {
  const send = step.send;
  const canSubmit = useSelector(step, selectIsEnteringInviteCode);
  const busy = useSelector(step, selectIsValidatingInviteCode);
  const { register, handleSubmit, formState } = useForm<
    z.input<typeof InviteCodeFields>,
    unknown,
    z.output<typeof InviteCodeFields>
  >({ resolver: zodResolver(InviteCodeFields), defaultValues: { inviteCode: '' } });
  const error = formState.errors.inviteCode?.message;

  return (
    <main className="screen entry entry--form">
      <span className="entry__mark" aria-hidden="true" />
      <h1 className="entry__title">Enter Invitation Code</h1>
      <form
        className="entry__form"
        noValidate
        onSubmit={(event) => {
          void handleSubmit((values) =>
            send({ type: 'inviteCode.submit', inviteCode: values.inviteCode }),
          )(event);
        }}
      >
        <label className="entry__label" htmlFor="invite-code">
          Invitation code
        </label>
        <input
          id="invite-code"
          className="entry__input entry__input--code"
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={INVITE_CODE_MAX_LENGTH}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'invite-code-error' : undefined}
          {...register('inviteCode')}
        />
        {error && (
          <p id="invite-code-error" className="entry__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary-button" disabled={!canSubmit} aria-busy={busy}>
          Submit
          {busy && <span className="entry__spinner" aria-hidden="true" />}
        </button>
      </form>
      <SignInLink />
    </main>
  );
}
