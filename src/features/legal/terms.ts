// The Terms and Conditions. Twenty-three numbered sections; the keys are the anchors other
// pages link to (for example /terms-and-conditions#dispute-resolution).
import type { LegalDocument, LegalParties } from './legal-document';

export const TERMS_UPDATED_AT = '2025-02-13';

export function buildTerms({ operatorName, contactEmail }: LegalParties): LegalDocument {
  const we = operatorName;
  return {
    title: 'Terms and Conditions',
    updatedAt: TERMS_UPDATED_AT,
    intro: [
      `These Terms and Conditions are a legally binding agreement between you, personally or on behalf of an entity ("you"), and ${we}, a company registered in the State of California, United States ("we", "us" or "our"). They govern your access to and use of BLACK BUTTON, the mobile web app in which you enter a recurring prize draw by pressing a black button, and every related service we offer (together, the "Services").`,
      'By creating an account or by using the Services in any way, you confirm that you have read, understood and agreed to be bound by these Terms and Conditions. IF YOU DO NOT AGREE WITH ALL OF THESE TERMS AND CONDITIONS, YOU ARE EXPRESSLY PROHIBITED FROM USING THE SERVICES AND YOU MUST STOP USING THEM IMMEDIATELY.',
      'The Services are intended for users who are at least 18 years old. Persons under the age of 18 are not permitted to use or register for the Services.',
      'Section 16 (Dispute Resolution) requires you to resolve disputes with us through individual binding arbitration and waives your right to a jury trial and to take part in a class action. Please read it carefully.',
    ],
    chapters: [
      {
        key: 'our-services',
        title: 'Our Services',
        body: [
          'BLACK BUTTON lets invited users in the United States enter a recurring prize draw by pressing a black button once per draw, hold additional entry tickets in an in-app wallet, answer optional yes/no questions about the things they like, and receive token entries, coupons, gift cards and cash prizes as described in our Official Rules.',
          'The information provided through the Services is not intended for distribution to or use by any person or entity in any jurisdiction or country where such distribution or use would be contrary to law or regulation. The Services are offered only to legal residents of the United States, and those who choose to access the Services from other locations do so on their own initiative and are solely responsible for compliance with local laws.',
          'The Services are not a gambling service. No purchase or payment is ever necessary to enter a draw or to win, and a purchase does not improve your chances of winning.',
        ],
      },
      {
        key: 'ip-rights',
        title: 'Intellectual Property Rights',
        body: [
          'We are the owner or the licensee of all intellectual property rights in the Services, including all source code, software, designs, audio, video, text, photographs and graphics (the "Content"), as well as the trademarks, service marks and logos contained in them (the "Marks"), including the name BLACK BUTTON.',
          'Subject to your compliance with these Terms and Conditions, we grant you a non-exclusive, non-transferable, revocable licence to access the Services and to use the Content solely for your personal, non-commercial use.',
          'Except as set out in this section or elsewhere in these Terms and Conditions, no part of the Services and no Content or Marks may be copied, reproduced, aggregated, republished, uploaded, posted, publicly displayed, encoded, translated, transmitted, distributed, sold, licensed or otherwise exploited for any commercial purpose whatsoever without our express prior written permission. Coupon and gift-card brands shown in the Services belong to their respective owners.',
        ],
      },
      {
        key: 'user-representations',
        title: 'User Representations',
        body: [
          'By using the Services, you represent and warrant that: (1) you are at least 18 years old, or older where the law of your state of residence sets a higher age for taking part in a sweepstakes; (2) you are a legal resident of the United States; (3) all registration information you submit is true, accurate, current and complete, and you will keep it so; (4) you have the legal capacity to agree to and you agree to comply with these Terms and Conditions; (5) you will not access the Services through automated or non-human means, whether through a bot, script or otherwise; (6) you will not use the Services for any illegal or unauthorised purpose; and (7) your use of the Services will not violate any applicable law or regulation.',
          'If you provide any information that is untrue, inaccurate, not current or incomplete, we have the right to suspend or terminate your account, to disqualify your entries and to refuse any and all current or future use of the Services.',
        ],
      },
      {
        key: 'user-registration',
        title: 'User Registration',
        body: [
          'To register you need a valid invitation code from another user or from us, and a United States mobile phone number that you verify with a one-time code we send to it. You may hold only one account, and only with a phone number that is yours.',
          'You are responsible for keeping your device and the one-time codes sent to your phone confidential, and for all activity under your account. We reserve the right to remove, reclaim or change an account if we determine, in our sole discretion, that it was created with false information, by automated means or in breach of these Terms and Conditions.',
        ],
      },
      {
        key: 'sweepstakes',
        title: 'Sweepstakes, Prizes and Invitations',
        body: [
          'Every draw, prize, entry ticket, coupon and gift card offered through the Services is governed by our Official Rules, which form part of these Terms and Conditions. If these Terms and Conditions and the Official Rules conflict about a draw or a prize, the Official Rules prevail.',
          'Each user receives 5 personal invitation codes to invite players of their own choosing. When a player you invited wins a cash prize, you receive a bonus as described in the Official Rules (for example, an invitee win of $500 gives the inviter $100). Invitation codes may not be sold, traded or published in bulk.',
          'Entry tickets, token entries, coupons and gift cards have no cash value except as stated in the Official Rules, may not be transferred or sold, and are forfeited when an account is closed.',
        ],
      },
      {
        key: 'prohibited-activities',
        title: 'Prohibited Activities',
        body: [
          'You may not access or use the Services for any purpose other than that for which we make them available. As a user of the Services, you agree not to:',
          '(a) create more than one account, register with a phone number that is not yours, or enter a draw more often than the Official Rules allow;',
          '(b) use any bot, script, emulator, automated system or software to register, request codes, enter draws or answer questions;',
          '(c) attempt to guess, intercept or reuse one-time codes, or to access another user’s account, entries, rewards or prizes;',
          '(d) systematically retrieve data or other content from the Services to create or compile a collection, database or directory;',
          '(e) trick, defraud or mislead us or other users, including any attempt to learn sensitive account information;',
          '(f) circumvent, disable or otherwise interfere with security-related features of the Services, including rate limits and features that prevent or restrict the use or copying of any Content;',
          '(g) interfere with, disrupt or create an undue burden on the Services or the networks connected to them, or upload viruses, Trojan horses or other malicious material;',
          '(h) copy, adapt, decompile, disassemble or reverse engineer any of the software comprising the Services, except as permitted by applicable law;',
          '(i) harass, abuse or harm another person, or use information obtained from the Services to do so;',
          '(j) sell, trade or advertise invitation codes, entry tickets, coupons, gift cards or prizes;',
          '(k) use the Services in a manner inconsistent with any applicable law or regulation, or as part of any effort to compete with us.',
        ],
      },
      {
        key: 'user-contributions',
        title: 'User Generated Contributions',
        body: [
          'The Services let you answer optional yes/no questions, keep a wishlist and send us messages through the contact form (together, "Contributions"). Answering questions is never required to enter a draw, and your answers never change your odds of winning a cash prize.',
          'When you create or make available any Contributions, you represent and warrant that they are your own, are not false, inaccurate or misleading, and do not violate any applicable law or the rights of any third party.',
        ],
      },
      {
        key: 'contribution-licence',
        title: 'Contribution Licence',
        body: [
          'You grant us a limited, non-exclusive, royalty-free licence to store and use your Contributions to provide the Services to you, including to choose coupons and gift cards that match what you told us you like, and to answer your messages.',
          'We use your Contributions as our Privacy Policy describes. We never disclose your email address, phone number or name to advertisers, and what we share about your preferences is anonymous. You can ask us to delete your Contributions at any time.',
        ],
      },
      {
        key: 'third-party-content',
        title: 'Third-Party Websites and Content',
        body: [
          'The Services may contain links to other websites and offers, coupons and gift cards from advertisers and other third parties ("Third-Party Content"). We do not investigate, monitor or check Third-Party Content for accuracy, appropriateness or completeness, and we are not responsible for it.',
          'If you leave the Services to redeem a coupon or gift card or to visit a third-party website, you do so at your own risk, and the third party’s own terms and privacy policy apply. Any purchase you make from a third party is exclusively between you and that third party.',
        ],
      },
      {
        key: 'advertisers',
        title: 'Advertisers',
        body: [
          'Advertisers fund some of the prizes, coupons and gift cards offered through the Services, and may show offers for things that match the interests you tell us about. We simply provide the space for such offers and have no other relationship with advertisers.',
          'Advertisers do not receive your phone number, your name or your email address from us.',
        ],
      },
      {
        key: 'services-management',
        title: 'Services Management',
        body: [
          'We reserve the right, but not the obligation, to: (1) monitor the Services for violations of these Terms and Conditions; (2) take appropriate legal action against anyone who, in our sole discretion, violates the law or these Terms and Conditions, including reporting such user to law enforcement authorities; (3) disqualify entries, withhold prizes and restrict or disable accounts that were used in breach of these Terms and Conditions or the Official Rules; and (4) otherwise manage the Services in a manner designed to protect our rights and property and to facilitate their proper functioning.',
        ],
      },
      {
        key: 'privacy-policy',
        title: 'Privacy Policy',
        body: [
          'We care about data privacy and security. Please review our Privacy Policy, which explains what we collect, why, and the rights you have. By using the Services, you agree to be bound by our Privacy Policy, which is incorporated into these Terms and Conditions.',
          'The Services are hosted in the United States. We send text messages only to deliver your one-time sign-in codes and to tell you that you have won.',
        ],
      },
      {
        key: 'term-and-termination',
        title: 'Term and Termination',
        body: [
          'These Terms and Conditions remain in full force and effect while you use the Services. WITHOUT LIMITING ANY OTHER PROVISION OF THESE TERMS AND CONDITIONS, WE RESERVE THE RIGHT TO, IN OUR SOLE DISCRETION AND WITHOUT NOTICE OR LIABILITY, DENY ACCESS TO AND USE OF THE SERVICES TO ANY PERSON FOR ANY REASON OR FOR NO REASON, INCLUDING FOR BREACH OF ANY REPRESENTATION, WARRANTY OR COVENANT CONTAINED IN THESE TERMS AND CONDITIONS OR OF ANY APPLICABLE LAW OR REGULATION.',
          'If we terminate or suspend your account, you are prohibited from registering a new account under your name, a fake or borrowed name, or the name of any third party. You may close your account at any time by writing to us at the address in section 23.',
        ],
      },
      {
        key: 'modifications',
        title: 'Modifications and Interruptions',
        body: [
          'We reserve the right to change, modify or remove the contents of the Services at any time or for any reason at our sole discretion without notice. We cannot guarantee that the Services will be available at all times; we may experience hardware, software or other problems or need to perform maintenance, resulting in interruptions, delays or errors.',
          'You agree that we have no liability whatsoever for any loss, damage or inconvenience caused by your inability to access or use the Services during any downtime or discontinuance of the Services. An interruption never changes the fairness of a draw: how a draw that is affected by an interruption is completed is set out in the Official Rules.',
        ],
      },
      {
        key: 'governing-law',
        title: 'Governing Law',
        body: [
          'These Terms and Conditions and your use of the Services are governed by and construed in accordance with the laws of the State of California applicable to agreements made and to be entirely performed within the State of California, without regard to its conflict of law principles.',
        ],
      },
      {
        key: 'dispute-resolution',
        title: 'Dispute Resolution',
        body: [
          `Informal negotiations. To expedite resolution and control the cost of any dispute, controversy or claim related to these Terms and Conditions or the Services (each a "Dispute"), you and we agree first to attempt to negotiate any Dispute informally for at least thirty (30) days before initiating arbitration. Such informal negotiations begin upon written notice from one party to the other; you can write to us at ${contactEmail}.`,
          'Binding arbitration. Any Dispute that cannot be resolved through informal negotiations will be finally and exclusively resolved by binding arbitration administered by the American Arbitration Association (AAA) under its Consumer Arbitration Rules. The arbitration will take place in the State of California, and the arbitrator will apply California law. YOU UNDERSTAND THAT WITHOUT THIS PROVISION YOU WOULD HAVE THE RIGHT TO SUE IN COURT AND HAVE A JURY TRIAL.',
          'Time limit. In no event shall any Dispute brought by either party related in any way to the Services be commenced more than two (2) years after the cause of action arose.',
          'No class actions. Disputes will be arbitrated only on an individual basis. No arbitration or proceeding shall be joined with any other, and there is no right or authority for any Dispute to be arbitrated or litigated on a class-action basis or to use class-action procedures.',
          'Exceptions. The following are not subject to binding arbitration: any Dispute seeking to enforce or protect intellectual property rights; any Dispute related to allegations of theft, piracy, invasion of privacy or unauthorised use; and any claim for injunctive relief. If this provision is found to be illegal or unenforceable, neither party will elect to arbitrate any Dispute falling within the part found illegal or unenforceable, and such Dispute shall be decided by a court of competent jurisdiction in the State of California, to whose jurisdiction the parties agree to submit.',
        ],
      },
      {
        key: 'corrections',
        title: 'Corrections',
        body: [
          'There may be information in the Services that contains typographical errors, inaccuracies or omissions, including descriptions of prizes, coupons and gift cards, their values and their availability. We reserve the right to correct any errors, inaccuracies or omissions and to change or update the information at any time, without prior notice.',
        ],
      },
      {
        key: 'disclaimer',
        title: 'Disclaimer',
        body: [
          'THE SERVICES ARE PROVIDED ON AN AS-IS AND AS-AVAILABLE BASIS. YOU AGREE THAT YOUR USE OF THE SERVICES WILL BE AT YOUR SOLE RISK. TO THE FULLEST EXTENT PERMITTED BY LAW, WE DISCLAIM ALL WARRANTIES, EXPRESS OR IMPLIED, IN CONNECTION WITH THE SERVICES AND YOUR USE OF THEM, INCLUDING THE IMPLIED WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NON-INFRINGEMENT.',
          'WE MAKE NO WARRANTIES OR REPRESENTATIONS ABOUT THE ACCURACY OR COMPLETENESS OF THE CONTENT OF THE SERVICES OR OF ANY THIRD-PARTY CONTENT, AND WE DO NOT WARRANT, ENDORSE, GUARANTEE OR ASSUME RESPONSIBILITY FOR ANY PRODUCT OR SERVICE ADVERTISED OR OFFERED BY A THIRD PARTY THROUGH THE SERVICES.',
        ],
      },
      {
        key: 'limitations-of-liability',
        title: 'Limitations of Liability',
        body: [
          'IN NO EVENT WILL WE OR OUR DIRECTORS, EMPLOYEES OR AGENTS BE LIABLE TO YOU OR ANY THIRD PARTY FOR ANY DIRECT, INDIRECT, CONSEQUENTIAL, EXEMPLARY, INCIDENTAL, SPECIAL OR PUNITIVE DAMAGES, INCLUDING LOST PROFIT, LOST REVENUE, LOSS OF DATA OR OTHER DAMAGES ARISING FROM YOUR USE OF THE SERVICES, EVEN IF WE HAVE BEEN ADVISED OF THE POSSIBILITY OF SUCH DAMAGES.',
          'NOTWITHSTANDING ANYTHING TO THE CONTRARY CONTAINED HEREIN, OUR LIABILITY TO YOU FOR ANY CAUSE WHATSOEVER AND REGARDLESS OF THE FORM OF THE ACTION WILL AT ALL TIMES BE LIMITED TO ONE HUNDRED US DOLLARS ($100.00). CERTAIN US STATE LAWS DO NOT ALLOW LIMITATIONS ON IMPLIED WARRANTIES OR THE EXCLUSION OR LIMITATION OF CERTAIN DAMAGES; IF THESE LAWS APPLY TO YOU, SOME OR ALL OF THE ABOVE LIMITATIONS MAY NOT APPLY TO YOU.',
        ],
      },
      {
        key: 'indemnification',
        title: 'Indemnification',
        body: [
          'You agree to defend, indemnify and hold us harmless, including our subsidiaries, affiliates and all of our officers, agents, partners and employees, from and against any loss, damage, liability, claim or demand, including reasonable attorneys’ fees and expenses, made by any third party due to or arising out of: (1) your use of the Services; (2) your breach of these Terms and Conditions or the Official Rules; (3) any breach of your representations and warranties set forth in these Terms and Conditions; or (4) your violation of the rights of a third party.',
        ],
      },
      {
        key: 'user-data',
        title: 'User Data',
        body: [
          'We maintain certain data that you transmit to the Services for the purpose of running them, as well as data relating to your use of the Services. Although we perform regular backups of data, you are solely responsible for all data that you transmit or that relates to any activity you have undertaken using the Services.',
          'The public record of each draw (its commitment, revealed seed, number of entries and winning entry identifier) is published and kept so that anyone can verify the draw; it contains no phone number, name or email address.',
        ],
      },
      {
        key: 'electronic-communications',
        title: 'Electronic Communications, Transactions and Signatures',
        body: [
          'Using the Services, sending us messages and completing forms constitute electronic communications. You consent to receive electronic communications, and you agree that all agreements, notices, disclosures and other communications we provide to you electronically satisfy any legal requirement that such communication be in writing.',
          'By verifying your phone number you agree to receive text messages from us: the one-time codes you ask for, and a message when you win. We send no marketing texts. Message and data rates may apply.',
          'YOU HEREBY AGREE TO THE USE OF ELECTRONIC SIGNATURES, CONTRACTS, ORDERS AND OTHER RECORDS, AND TO ELECTRONIC DELIVERY OF NOTICES, POLICIES AND RECORDS OF TRANSACTIONS INITIATED OR COMPLETED BY US OR VIA THE SERVICES.',
        ],
      },
      {
        key: 'contact-us',
        title: 'Contact Us',
        body: [
          `In order to resolve a complaint regarding the Services or to receive further information regarding their use, please contact ${we}, California, United States, at ${contactEmail}.`,
        ],
      },
    ],
  };
}
