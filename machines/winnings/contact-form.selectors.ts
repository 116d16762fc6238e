// Narrow reads of Contact Us for its view: each value the form shows, never the whole snapshot.
import type { SnapshotFrom } from 'xstate';
import type { ContactFormMachine } from './contact-form.machine';

type ContactFormSnapshot = SnapshotFrom<ContactFormMachine>;

/** The fields take a submission (empty fields are answered by the form's own errors). */
export const selectIsEditing = (snapshot: ContactFormSnapshot): boolean =>
  snapshot.matches('editing');

export const selectIsSending = (snapshot: ContactFormSnapshot): boolean =>
  snapshot.matches('sending');

export const selectCanGoBack = (snapshot: ContactFormSnapshot): boolean =>
  snapshot.can({ type: 'contact.back' });

/** The text last submitted, so a form opened again after a failure shows it. */
export const selectDraftSubject = (snapshot: ContactFormSnapshot): string =>
  snapshot.context.subject;

export const selectDraftMessage = (snapshot: ContactFormSnapshot): string =>
  snapshot.context.message;
