import { zodResolver } from '@hookform/resolvers/zod';
import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import type { ActorRefFrom } from 'xstate';
import type * as z from 'zod/mini';
import { ContactRequest, MESSAGE_MAX_LENGTH, SUBJECT_MAX_LENGTH } from '../../../contract/contact';
import type {
  ContactDraft,
  ContactFormMachine,
} from '../../../machines/winnings/contact-form.machine';
import {
  selectCanGoBack,
  selectDraftMessage,
  selectDraftSubject,
  selectIsEditing,
  selectIsSending,
} from '../../../machines/winnings/contact-form.selectors';
import { useDraftTelling } from './contact-draft';
import './contact.css';

type ContactFields = z.input<typeof ContactRequest>;
type ContactValues = z.output<typeof ContactRequest>;

/**
 * /form/has-problem: Contact Us. The form checks the contract's rules (both fields required)
 * and sends what passes, trimmed; the machine sends it and says how it went. What is typed is
 * told to the machine as the player goes (contact-draft.ts), and the form opens with the draft
 * the machine has (kept through a reload, Back and Forward).
 */
export function ContactUsForm({ actor }: { actor: ActorRefFrom<ContactFormMachine> }) {
  const isEditing = useSelector(actor, selectIsEditing);
  const isSending = useSelector(actor, selectIsSending);
  const canGoBack = useSelector(actor, selectCanGoBack);
  const draftSubject = useSelector(actor, selectDraftSubject);
  const draftMessage = useSelector(actor, selectDraftMessage);
  const { register, handleSubmit, formState, getValues } = useForm<
    ContactFields,
    unknown,
    ContactValues
  >({
    resolver: zodResolver(ContactRequest),
    // The form keeps what is typed while it is open; the machine's copy covers a remount, and
    // the draft its page's entry kept.
    defaultValues: { subject: draftSubject, message: draftMessage },
  });
  const draft = useDraftTelling(
    { subject: draftSubject, message: draftMessage },
    useCallback(
      (): ContactDraft => ({ subject: getValues('subject'), message: getValues('message') }),
      [getValues],
    ),
    useCallback(
      (typed: ContactDraft) => {
        const edited = { type: 'contact.edited', draft: typed } as const;
        // Once the message is on its way, or the form closed, the fields are no draft.
        if (actor.getSnapshot().can(edited)) actor.send(edited);
      },
      [actor],
    ),
  );
  const telling = { onChange: draft.soon, onBlur: draft.now };
  const subjectError = formState.errors.subject?.message;
  const messageError = formState.errors.message?.message;

  return (
    <main className="screen contact">
      <h1 className="contact__title">Contact Us</h1>
      <p className="contact__lead">Tell us what went wrong and we will get back to you.</p>
      <form
        className="contact__form"
        noValidate
        aria-busy={isSending}
        onSubmit={(event) => {
          draft.now();
          void handleSubmit((values) =>
            actor.send({
              type: 'contact.submit',
              subject: values.subject,
              message: values.message,
            }),
          )(event);
        }}
      >
        <label className="contact__label" htmlFor="contact-subject">
          Subject
        </label>
        <input
          id="contact-subject"
          className="contact__field"
          type="text"
          autoComplete="off"
          maxLength={SUBJECT_MAX_LENGTH}
          readOnly={isSending}
          aria-invalid={subjectError ? true : undefined}
          aria-describedby={subjectError ? 'contact-subject-error' : undefined}
          {...register('subject', telling)}
        />
        {subjectError && (
          <p id="contact-subject-error" className="contact__error" role="alert">
            {subjectError}
          </p>
        )}
        <label className="contact__label" htmlFor="contact-message">
          Message
        </label>
        <textarea
          id="contact-message"
          className="contact__field contact__field--message"
          rows={6}
          maxLength={MESSAGE_MAX_LENGTH}
          readOnly={isSending}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? 'contact-message-error' : undefined}
          {...register('message', telling)}
        />
        {messageError && (
          <p id="contact-message-error" className="contact__error" role="alert">
            {messageError}
          </p>
        )}
        <div className="contact__actions">
          <button type="submit" className="primary-button" disabled={!isEditing}>
            {isSending ? 'Sending…' : 'Submit'}
          </button>
          <button
            type="button"
            className="secondary-button contact__back"
            disabled={!canGoBack}
            onClick={() => actor.send({ type: 'contact.back' })}
          >
            Back
          </button>
        </div>
      </form>
    </main>
  );
}
