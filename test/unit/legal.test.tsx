// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { legalDocumentSchema, rulesDocumentSchema } from '../../src/features/legal/legal-schemas';
import { PrivacyPage } from '../../src/features/legal/PrivacyPage';
import { buildPrivacyPolicy } from '../../src/features/legal/privacy';
import { buildRules, RULES_CHAPTER_KEYS } from '../../src/features/legal/rules';
import { RulesPage } from '../../src/features/legal/RulesPage';
import { buildTerms } from '../../src/features/legal/terms';
import { TermsPage } from '../../src/features/legal/TermsPage';

const parties = { operatorName: 'Darkroom Prizes LLC', contactEmail: 'legal@darkroom.example' };

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

function renderAt(path: string, page: ReactElement) {
  const location = memoryLocation({ path, record: true });
  const view = render(<Router hook={location.hook}>{page}</Router>);
  return { ...view, history: location.history };
}

/** The numbered chapters of a rendered legal page, in order. */
function chaptersOf(container: HTMLElement) {
  return [...container.querySelectorAll<HTMLElement>('main > section[id]')].map((section) => ({
    id: section.id,
    heading: within(section).getByRole('heading', { level: 2 }).textContent ?? '',
    text: section.textContent ?? '',
  }));
}

function expectMailtoLink(contactEmail: string) {
  const links = screen.getAllByRole('link', { name: contactEmail });
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(link.getAttribute('href')).toBe(`mailto:${contactEmail}`);
}

describe('Terms and Conditions', () => {
  it('has exactly 23 numbered sections, each with an anchor', () => {
    const { container } = renderAt('/terms-and-conditions', <TermsPage {...parties} />);
    const chapters = chaptersOf(container);
    expect(chapters).toHaveLength(23);
    chapters.forEach((chapter, index) =>
      expect(chapter.heading).toMatch(new RegExp(`^${index + 1}\\. \\S`)),
    );
    expect(new Set(chapters.map((chapter) => chapter.id)).size).toBe(23);
    const ids = chapters.map((chapter) => chapter.id);
    for (const id of [
      'our-services',
      'prohibited-activities',
      'dispute-resolution',
      'contact-us',
    ]) {
      expect(ids).toContain(id);
    }
  });

  it('shows the title, the date and a table of contents linking to every section', () => {
    const { container } = renderAt('/terms-and-conditions', <TermsPage {...parties} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeTruthy();
    expect(container.querySelector('header')?.textContent).toContain(
      'Last updated February 13, 2025',
    );
    const toc = screen.getByRole('navigation', { name: 'Table of contents' });
    const hrefs = within(toc)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(chaptersOf(container).map((chapter) => `#${chapter.id}`));
  });

  it('says who the operator is, which law governs and how disputes are settled', () => {
    const { container } = renderAt('/terms-and-conditions', <TermsPage {...parties} />);
    const text = container.textContent ?? '';
    expect(text).toContain(
      `${parties.operatorName}, a company registered in the State of California`,
    );
    expect(text).toContain('at least 18 years old');
    expect(text).toContain(
      'governed by and construed in accordance with the laws of the State of California',
    );
    const dispute = chaptersOf(container).find((chapter) => chapter.id === 'dispute-resolution');
    expect(dispute?.text).toContain(
      'binding arbitration administered by the American Arbitration Association (AAA)',
    );
    expect(dispute?.text).toContain('The arbitration will take place in the State of California');
    expect(dispute?.text).toContain('more than two (2) years after the cause of action arose');
    expect(dispute?.text).toContain('class-action basis');
    expectMailtoLink(parties.contactEmail);
  });

  it('refers to its own sections by their right numbers', () => {
    const { container } = renderAt('/terms-and-conditions', <TermsPage {...parties} />);
    const chapters = chaptersOf(container);
    const text = container.textContent ?? '';
    expect(text).toContain('Section 16 (Dispute Resolution)');
    expect(chapters[15]?.id).toBe('dispute-resolution');
    expect(text).toContain('the address in section 23');
    expect(chapters[22]?.id).toBe('contact-us');
  });

  it('links back to BLACK BUTTON', async () => {
    const { history } = renderAt('/terms-and-conditions', <TermsPage {...parties} />);
    const back = screen.getByRole('link', { name: 'Back to BLACK BUTTON' });
    expect(back.getAttribute('href')).toBe('/');
    await userEvent.click(back);
    expect(history.at(-1)).toBe('/');
  });
});

describe('Privacy Policy', () => {
  it('has the anchors other pages link to and the date', () => {
    const { container } = renderAt(
      '/privacy-policy',
      <PrivacyPage {...parties} onBack={() => undefined} />,
    );
    const ids = chaptersOf(container).map((chapter) => chapter.id);
    for (const id of [
      'info-collected',
      'info-processed',
      'info-shared',
      'notice-updates',
      'contact-us',
      'data-review',
    ]) {
      expect(ids).toContain(id);
    }
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(container.querySelector('header')?.textContent).toContain(
      'Last updated February 13, 2025',
    );
  });

  it('calls onBack when Back is pressed', async () => {
    const onBack = vi.fn();
    renderAt('/privacy-policy', <PrivacyPage {...parties} onBack={onBack} />);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('states the US state privacy rights and how to use them', () => {
    const { container } = renderAt(
      '/privacy-policy',
      <PrivacyPage {...parties} onBack={() => undefined} />,
    );
    const text = container.textContent ?? '';
    for (const right of [
      'the right to know whether or not we are processing your personal data',
      'the right to access your personal data',
      'the right to correct inaccuracies',
      'the right to request the deletion',
      'the right to obtain a copy',
      'the right to non-discrimination',
      'the right to opt out of the processing of your personal data if it is used for targeted advertising, the sale of personal data, or profiling',
    ]) {
      expect(text).toContain(right);
    }
    expect(text).toContain(`To exercise these rights, email us at ${parties.contactEmail}`);
    expect(text).toContain(`you may appeal our decision by emailing us at ${parties.contactEmail}`);
    expect(text).toContain(
      'If your appeal is denied, you may submit a complaint to your state attorney general',
    );
    expect(text).toContain('written and signed permission');
    expect(text).toContain('we will verify your own identity');
    expectMailtoLink(parties.contactEmail);
    expect(text).toContain(parties.operatorName);
  });

  it('says no data is sold or shared, what is kept, and who may not use the product', () => {
    const { container } = renderAt(
      '/privacy-policy',
      <PrivacyPage {...parties} onBack={() => undefined} />,
    );
    const chapters = chaptersOf(container);
    const text = container.textContent ?? '';
    expect(text).toContain('We have not sold or shared any personal information');
    expect(text).toContain('in the preceding twelve (12) months');
    expect(text).toContain(
      'We keep category B and category H information as long as you have an account with us',
    );
    expect(text).toMatch(
      /B\. Personal information as defined in the California Customer Records statute.*Collected: YES/,
    );
    expect(text).toMatch(/H\. Audio, electronic, sensory or similar information.*Collected: YES/);
    expect(text).toContain('Users under 18 are not supposed to use the Services');
    expect(text).toContain('We never disclose your email address, your phone number or your name');
    expect(text).toContain('we text you only when you win');
    // the retention chapter points at the chapter that lists the categories
    expect(text).toContain('categories B and H (see section 10)');
    expect(chapters[9]?.id).toBe('us-residents');
  });
});

describe('Official Rules', () => {
  it('renders every chapter key as an anchor, in order, with the date', () => {
    const { container } = renderAt('/rules', <RulesPage {...parties} />);
    expect(chaptersOf(container).map((chapter) => chapter.id)).toEqual([...RULES_CHAPTER_KEYS]);
    expect(container.querySelector('header')?.textContent).toContain('Last updated April 16, 2025');
    expect(container.querySelector('time')?.getAttribute('datetime')).toBe('2025-04-16');
  });

  it('gives the age table, the payout methods and the Apple disclaimer', () => {
    const { container } = renderAt('/rules', <RulesPage {...parties} />);
    const chapter = (key: string) =>
      chaptersOf(container).find((each) => each.id === key)?.text ?? '';
    expect(chapter('eligibility')).toContain('legal residents of the fifty (50) United States');
    expect(chapter('eligibility')).toContain(
      'at least 18 years old at the time of entry, or at least 19 years old if they are residents of Alabama or Nebraska, or at least 21 years old if they are residents of Mississippi',
    );
    expect(chapter('eligibility')).toContain(
      'Employees, agents and affiliates of the Sponsor or of its advertising partners',
    );
    expect(chapter('prize_distribution')).toMatch(/PayPal.*Venmo.*virtual Visa card/);
    expect(chapter('apple_disclaimer')).toContain(
      'Apple Inc. is not a sponsor of the Sweepstakes and is not involved in any way',
    );
    expect(chapter('eligibility')).toContain(
      `sponsored by ${parties.operatorName}, a California company`,
    );
    expectMailtoLink(parties.contactEmail);
  });

  it('explains entering, prizes and odds', () => {
    const { container } = renderAt('/rules', <RulesPage {...parties} />);
    const chapter = (key: string) =>
      chaptersOf(container).find((each) => each.id === key)?.text ?? '';
    expect(chapter('sweepstakes_period')).toContain('rolling basis');
    expect(chapter('how_to_enter')).toContain('press the black button in the app once');
    expect(chapter('how_to_enter')).toContain('Entering never requires a purchase or payment');
    expect(chapter('prizes')).toContain('it is $500');
    expect(chapter('prizes')).toContain('an invitee win of $500 gives the inviter $100');
    expect(chapter('odds_of_winning')).toContain('depend on the number of active participants');
    expect(chapter('odds_of_winning')).toContain('Every entry is equal');
    expect(chapter('odds_of_winning')).toContain('Gift cards and coupons are not subject to odds');
    expect(chapter('odds_of_winning')).toContain(
      'Prizes are funded by the Sponsor or by its advertisers',
    );
    expect(chapter('odds_of_winning')).toContain('publishes a commitment');
    expect(chapter('odds_of_winning')).toContain('reveals the seed');
  });

  it('opens at the chapter a deep link names', () => {
    const scrolled: Element[] = [];
    // The test DOM does no layout and so scrolls nothing; the scroll asked for is recorded instead
    Object.defineProperty(Element.prototype, 'scrollIntoView', {
      configurable: true,
      value(this: Element) {
        scrolled.push(this);
      },
    });
    try {
      window.history.replaceState(null, '', '/rules#odds_of_winning');
      renderAt('/rules', <RulesPage {...parties} />);
      expect(scrolled.map((element) => element.id)).toEqual(['odds_of_winning']);
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('opens at the top when the fragment is malformed', () => {
    window.history.replaceState(null, '', '/rules#%E0%A4%A');
    const { container } = renderAt('/rules', <RulesPage {...parties} />);
    expect(chaptersOf(container)).toHaveLength(RULES_CHAPTER_KEYS.length);
  });

  it('links back to BLACK BUTTON', async () => {
    const { history } = renderAt('/rules', <RulesPage {...parties} />);
    await userEvent.click(screen.getByRole('link', { name: 'Back to BLACK BUTTON' }));
    expect(history.at(-1)).toBe('/');
  });
});

describe('legal documents as data', () => {
  it('builds the rules in the Rules document shape', () => {
    const rules = rulesDocumentSchema.parse(buildRules(parties));
    expect(Object.keys(rules).sort()).toEqual(['chapters', 'title', 'updatedAt']);
    expect(rules.updatedAt).toBe('2025-04-16');
  });

  it('refuses a rules document that misses or reorders a chapter', () => {
    const rules = buildRules(parties);
    expect(
      rulesDocumentSchema.safeParse({ ...rules, chapters: rules.chapters.slice(1) }).success,
    ).toBe(false);
    expect(
      rulesDocumentSchema.safeParse({ ...rules, chapters: [...rules.chapters].reverse() }).success,
    ).toBe(false);
  });

  it('builds terms and privacy in the same shape with unique anchors', () => {
    const terms = legalDocumentSchema.parse(buildTerms(parties));
    const privacy = legalDocumentSchema.parse(buildPrivacyPolicy(parties));
    expect(terms.updatedAt).toBe('2025-02-13');
    expect(privacy.updatedAt).toBe('2025-02-13');
    const duplicated = { ...terms, chapters: [...terms.chapters, terms.chapters[0]] };
    expect(legalDocumentSchema.safeParse(duplicated).success).toBe(false);
  });

  it('names the operator and the contact address it is given', () => {
    const other = {
      operatorName: 'Another Operator Inc.',
      contactEmail: 'privacy@another.example',
    };
    for (const document of [buildTerms(other), buildPrivacyPolicy(other), buildRules(other)]) {
      const text = JSON.stringify(document);
      expect(text).toContain(other.contactEmail);
      expect(text).not.toContain(parties.contactEmail);
    }
    expect(JSON.stringify(buildTerms(other))).toContain(other.operatorName);
    expect(JSON.stringify(buildRules(other))).toContain(other.operatorName);
  });
});
