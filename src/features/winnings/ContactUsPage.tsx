// /form/has-problem: Contact Us, run by the winnings flow's contact form.
import { WinningsStepView } from './winnings-step';
import { ContactUsForm } from './ContactUsForm';

export function ContactUsPage() {
  return <WinningsStepView id="contactForm" view={(form) => <ContactUsForm actor={form} />} />;
}
