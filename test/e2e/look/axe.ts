// axe-core in the page: the accessibility rules of WCAG 2.1 A and AA and axe's best practices,
// run on whatever the player has on screen. Each problem found is named by the screen, the
// theme, the rule and the elements it failed on, so a report says where to look.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AxeResults } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';

const AXE_SCRIPT_PATH = join(process.cwd(), 'node_modules', 'axe-core', 'axe.min.js');
let wrappedAxe: string | undefined;

/** The rule sets the look is held to (WCAG 2.1 AA, as the design system promises, and more). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

export type Theme = 'light' | 'dark';

/** One rule broken on one screen in one theme, and where. */
export type AxeFinding = {
  screen: string;
  theme: Theme;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
};

type Timers = { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout };
type AxeInPage = {
  axe?: { run: (context: Document, options: object) => Promise<AxeResults> };
  lookRealTimers?: Timers;
};

/**
 * Keeps, in every page of `context`, the browser's own timers for axe, which waits on them
 * between its rules. Called before the page's clock is installed (`context.clock.install()`):
 * a timed screen is held by stopping that clock, and axe must still run over it.
 */
export async function keepRealTimersForAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    (window as AxeInPage).lookRealTimers = {
      setTimeout: window.setTimeout.bind(window),
      clearTimeout: window.clearTimeout.bind(window),
    };
  });
}

/** axe's own script, run with the timers kept for it (the page's own when none were kept). */
function axeScript(): string {
  const source = readFileSync(AXE_SCRIPT_PATH, 'utf8');
  return `(function (timers) {
  var setTimeout = timers.setTimeout, clearTimeout = timers.clearTimeout;
${source}
})(window.lookRealTimers || { setTimeout: window.setTimeout.bind(window), clearTimeout: window.clearTimeout.bind(window) });`;
}

/**
 * Runs axe on the page as it is. The script goes in once per page load: the app moves between
 * its screens without loading a page, so it stays until a reload or a new address. It is run
 * by the browser's debugger, not added as a script element: the app's Content Security Policy
 * (script-src 'self') refuses an inline script, as it should.
 */
export async function axeFindings(page: Page, screen: string, theme: Theme): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => typeof (window as AxeInPage).axe !== 'undefined');
  if (!loaded) await page.evaluate((wrappedAxe ??= axeScript()));
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as AxeInPage).axe!;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    // Only what crosses back to the test: axe's results hold the page's elements.
    return results.violations.map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map((part) => String(part)).join(' ')),
    }));
  }, AXE_TAGS);
  return violations.map((violation) => ({ screen, theme, ...violation }));
}

/** The findings as lines a person reads: screen, theme, rule, then each element it failed on. */
export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.screen} (${finding.theme}) ${finding.rule} [${finding.impact}]: ${finding.help}\n` +
        finding.targets.map((target) => `    ${target}`).join('\n'),
    )
    .join('\n');
}
