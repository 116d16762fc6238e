// The Privacy Policy. Its keys are the anchors the spec names (info-collected, info-processed,
// info-shared, notice-updates, contact-us, data-review) plus the sections a US state privacy
// notice needs in between.
import type { LegalDocument, LegalParties } from './legal-document';

export const PRIVACY_UPDATED_AT = '2025-02-13';

export function buildPrivacyPolicy({ operatorName, contactEmail }: LegalParties): LegalDocument {
  const we = operatorName;
  return {
    title: 'Privacy Policy',
    updatedAt: PRIVACY_UPDATED_AT,
    intro: [
      `This Privacy Policy of ${we} ("we", "us" or "our") describes how and why we collect, store, use and share your personal information when you use BLACK BUTTON, our mobile web app for a daily prize draw, and every related service (together, the "Services").`,
      `Reading this policy will help you understand your privacy rights and choices. If you do not agree with our policies and practices, please do not use the Services. If you still have any questions or concerns, please contact us at ${contactEmail}.`,
      'In short: we collect your mobile phone number to verify that you are a real person and to tell you when you win, the answers you choose to give about the things you like, and a record of how you use the app. We never disclose your email address, your phone number or your name to advertisers; what we share is anonymous. We do not sell your personal information, and we text you only when you win (and when you ask for a sign-in code).',
    ],
    chapters: [
      {
        key: 'info-collected',
        title: 'What Information Do We Collect?',
        body: [
          'Personal information you give us. We collect the personal information you provide when you register, use the Services or contact us:',
          'Your mobile phone number, which you verify with a one-time code we text to it. It identifies your account, and we use it to text you when you win.',
          'The invitation code you registered with, and the personal invitation codes you share with the players you invite.',
          'Your answers to the optional yes/no questions and the items on your wishlist, which tell us what kind of coupons, gift cards and offers you would like to receive.',
          'The messages you send us through the contact form, with any contact details you choose to include in them.',
          'When you win a cash prize: the payout details you choose to give us, such as your PayPal or Venmo account or the details needed to issue a virtual Visa card, and any information the law requires us to collect from prize winners.',
          'Information collected automatically. When you use the Services we record your draw entries, the rewards you receive and claim, and in-app events such as the pages you open and the buttons you press, together with the type of device platform (iOS, Android or other). Our servers also see the network address of your device, which we use only to protect the Services against abuse (for example, to limit how many sign-in codes can be requested) and do not store with your account.',
          'On your device, the app keeps your sign-in token and your progress in the app in the browser’s local storage. We do not use advertising cookies or third-party trackers.',
          'Sensitive information. We do not process sensitive information.',
        ],
      },
      {
        key: 'info-processed',
        title: 'How Do We Process Your Information?',
        body: [
          'We process your personal information for a variety of reasons, depending on how you interact with the Services, including:',
          'To create your account and sign you in, including texting you the one-time codes you ask for.',
          'To run the draws: to record your entries and wallet tickets, to select winners in a way anyone can verify, and to tell a winner by text message that they have won. We send no other text messages.',
          'To deliver rewards: to choose coupons and gift cards that match the interests you told us about, to deliver them in the app, and to pay out cash prizes by the method you choose.',
          'To credit invitations: to record which player invited whom, so that an inviter receives the bonus the Official Rules promise.',
          'To answer you: to respond to the messages you send us and to requests about your rights.',
          'To protect the Services: to prevent fraud, multiple accounts and automated entries, to keep the Services secure, and to comply with the law, for example the record-keeping and reporting obligations that apply to prizes.',
          'To improve the Services: to understand, in aggregate, how the Services are used.',
        ],
      },
      {
        key: 'info-shared',
        title: 'When and With Whom Do We Share Your Personal Information?',
        body: [
          'We never disclose your email address, your phone number or your name to advertisers or to other users. Information about preferences that we share with advertisers is anonymous and aggregated: it cannot be used to identify you.',
          'We share personal information only in the following situations:',
          'Service providers. We use service providers that act on our behalf and only on our instructions: a text-message provider to send your sign-in codes and win messages, the payment provider you choose for a cash prize (PayPal, Venmo or the issuer of a virtual Visa card), and hosting providers. They may use your information only to perform these services for us.',
          'Legal obligations. We may disclose information where we are legally required to do so to comply with applicable law, governmental requests, a judicial proceeding, court order or legal process, or to protect the rights, property or safety of our users or others.',
          'Business transfers. We may share or transfer your information in connection with, or during negotiations of, any merger, sale of company assets, financing or acquisition of all or a portion of our business to another company.',
          'Public draw records. The public record of each draw lists entry identifiers, never phone numbers, names or email addresses.',
        ],
      },
      {
        key: 'device-storage',
        title: 'Do We Use Cookies and Other Tracking Technologies?',
        body: [
          'The app stores on your device only what it needs to work: your sign-in token, the invitation code you are using, whether you have accepted these terms and seen the instructions, and your progress in the current draw. As an installable web app it also keeps a copy of its own files so that it opens quickly and shows a page when you are offline.',
          'We do not use third-party advertising cookies, tracking pixels or cross-site trackers, and we do not build advertising profiles from your browsing on other websites.',
        ],
      },
      {
        key: 'info-retention',
        title: 'How Long Do We Keep Your Information?',
        body: [
          'We keep your personal information only for as long as it is necessary for the purposes set out in this Privacy Policy, unless a longer retention period is required or permitted by law (such as tax, accounting or other legal requirements).',
          'We keep the information in categories B and H (see section 10) as long as you have an account with us. When you close your account we delete your phone number, answers, events and invitations; records of prizes paid out that the law requires us to keep are kept in anonymised form.',
        ],
      },
      {
        key: 'info-safety',
        title: 'How Do We Keep Your Information Safe?',
        body: [
          'We have implemented appropriate and reasonable technical and organisational security measures designed to protect the security of any personal information we process. For example, sign-in codes are stored only in a hashed form, expire after ten minutes and can be used once; sessions can be revoked at once; and our logs never contain a full phone number or a sign-in code.',
          'However, no electronic transmission over the Internet or information storage technology can be guaranteed to be 100% secure, so we cannot promise or guarantee that unauthorised third parties will not be able to defeat our security. You should only access the Services within a secure environment.',
        ],
      },
      {
        key: 'info-minors',
        title: 'Do We Collect Information From Minors?',
        body: [
          'We do not knowingly collect data from or market to persons under 18 years of age. Users under 18 are not supposed to use the Services: by using the Services, you represent that you are at least 18.',
          `If we learn that personal information from users less than 18 years of age has been collected, we will deactivate the account and promptly delete such data from our records. If you become aware of any data we may have collected from a person under age 18, please contact us at ${contactEmail}.`,
        ],
      },
      {
        key: 'privacy-rights',
        title: 'What Are Your Privacy Rights?',
        body: [
          'You may review, change or terminate your account at any time. Depending on the state where you live, you may also have the rights described in section 10.',
          `Withdrawing your consent. You can withdraw your consent to our processing of your personal information at any time by writing to us at ${contactEmail}. This does not affect the lawfulness of processing before the withdrawal.`,
          'Text messages. We text you only when you win and when you ask for a sign-in code, so there are no marketing messages to opt out of. If you close your account, we stop texting you.',
        ],
      },
      {
        key: 'do-not-track',
        title: 'Controls for Do-Not-Track Features',
        body: [
          'Most web browsers and some mobile operating systems include a Do-Not-Track ("DNT") setting. Because the Services do not track you across third-party websites, they work the same whether or not the setting is on. If a standard for online tracking is adopted that we must follow in the future, we will describe it in a revised version of this Privacy Policy.',
        ],
      },
      {
        key: 'us-residents',
        title: 'Do United States Residents Have Specific Privacy Rights?',
        body: [
          'If you are a resident of California, Colorado, Connecticut, Delaware, Florida, Indiana, Iowa, Kentucky, Minnesota, Montana, Nebraska, New Hampshire, New Jersey, Oregon, Tennessee, Texas, Utah or Virginia, you may have the right to request access to and receive details about the personal information we maintain about you and how we have processed it, correct inaccuracies, get a copy of, or delete your personal information. These rights may be limited in some circumstances by applicable law.',
          'Categories of personal information we have collected in the past twelve (12) months:',
          'A. Identifiers: your mobile phone number and your account identifier. Collected: YES.',
          'B. Personal information as defined in the California Customer Records statute: your phone number and, for prize winners, the payout and contact details you give us. Collected: YES.',
          'C. Protected classification characteristics under state or federal law. Collected: NO.',
          'D. Commercial information, such as transaction and payment information: the rewards you receive and the prizes paid to you. Collected: YES.',
          'E. Biometric information. Collected: NO.',
          'F. Internet or other similar network activity: your in-app events, such as the pages you open and the buttons you press in the Services. Collected: YES.',
          'G. Geolocation data. Collected: NO.',
          'H. Audio, electronic, sensory or similar information: the electronic records of your answers to the optional questions, your wishlist and the messages you send us. Collected: YES.',
          'I. Professional or employment-related information. Collected: NO.',
          'J. Education information. Collected: NO.',
          'K. Inferences drawn from collected personal information. Collected: NO.',
          'L. Sensitive personal information. Collected: NO.',
          'We keep category B and category H information as long as you have an account with us; categories A, D and F likewise, except the prize records the law requires us to keep after an account is closed.',
          'We have not sold or shared any personal information to third parties for a business or commercial purpose in the preceding twelve (12) months, and we will not sell or share personal information in the future. We do not process personal information for targeted advertising or for profiling in furtherance of decisions that produce legal or similarly significant effects.',
          'Your rights. Under US state data protection laws you have: the right to know whether or not we are processing your personal data; the right to access your personal data; the right to correct inaccuracies in your personal data; the right to request the deletion of your personal data; the right to obtain a copy of the personal data you previously shared with us; the right to non-discrimination for exercising your rights; and the right to opt out of the processing of your personal data if it is used for targeted advertising, the sale of personal data, or profiling in furtherance of decisions that produce legal or similarly significant effects.',
          `How to exercise your rights. To exercise these rights, email us at ${contactEmail}. We will not discriminate against you for exercising your privacy rights.`,
          'Verification. Upon receiving your request, we will need to verify your identity to determine that you are the same person about whom we have the information in our system, for example by sending a one-time code to the phone number on your account. We will only use personal information provided in your request to verify your identity or authority to make the request.',
          'Authorised agents. Under certain US state data protection laws, you can designate an authorised agent to make a request on your behalf. We may deny a request from an authorised agent that does not submit proof that they have been validly authorised to act on your behalf: an agent must provide your written and signed permission to make the request, and we will verify your own identity directly with you before we act on it.',
          `Appeals. If we decline to take action regarding your request, you may appeal our decision by emailing us at ${contactEmail}. We will inform you in writing of any action taken or not taken in response to the appeal, including a written explanation of the reasons for the decisions. If your appeal is denied, you may submit a complaint to your state attorney general.`,
          'California "Shine The Light" law. California residents may request once a year, free of charge, information about the categories of personal information we disclosed to third parties for direct marketing purposes in the preceding calendar year. We make no such disclosures.',
        ],
      },
      {
        key: 'notice-updates',
        title: 'Do We Make Updates to This Notice?',
        body: [
          'Yes, we will update this notice as necessary to stay compliant with relevant laws. The updated version will be indicated by an updated "Last updated" date at the top of this Privacy Policy. If we make material changes, we may notify you in the app. We encourage you to review this Privacy Policy frequently to be informed of how we are protecting your information.',
        ],
      },
      {
        key: 'contact-us',
        title: 'How Can You Contact Us About This Notice?',
        body: [
          `If you have questions or comments about this notice, you may email us at ${contactEmail} or write to ${we}, California, United States.`,
        ],
      },
      {
        key: 'data-review',
        title: 'How Can You Review, Update or Delete the Data We Collect From You?',
        body: [
          `Based on the applicable laws of your state of residence in the US, you may have the right to request access to the personal information we collect from you, details about how we have processed it, correct inaccuracies, or delete your personal information. You may also have the right to withdraw your consent to our processing of your personal information. To request to review, update or delete your personal information, please email ${contactEmail}. We will respond within the time the law of your state allows, at most forty-five (45) days.`,
        ],
      },
    ],
  };
}
