import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// jsdom computes an element's style by matching it against its whole default stylesheet and the
// page's (here only the toasts' class rules: Vite's CSS is not applied in jsdom) on every call,
// about 0.7 ms. Testing Library asks for it on every role query, for each element and each of
// its ancestors (is it hidden?), and user-event for each click (pointer-events): a third of a
// generated walk's time went there. What the cascade reads is the document (tags, attributes,
// the tree's shape) and the page's rules. So every computed style is kept until the document or
// the rules change: a mutation observer on the whole document queues a record for any change of
// the tree, an attribute or a text, and each call takes the queued records first (synchronously:
// a change made a moment ago is never missed), dropping every kept style when there are any.
// jsdom tracks no hover, and no rule of the page hides or shows anything on focus: the answers
// are jsdom's, without asking twice. The accessible names role queries work out (from those
// styles and the tree) are kept the same way.

type Computed = ReturnType<typeof window.getComputedStyle>;

/** The page's stylesheets, as far as a new or removed rule goes. */
function sheetsKey(document: Document): string {
  let rules = 0;
  for (const sheet of document.styleSheets) rules += sheet.cssRules.length;
  return `${document.styleSheets.length}/${rules}`;
}

/**
 * A number that moves on whenever the document or its rules change: a mutation observer on the
 * whole document queues a record for any change of the tree, an attribute or a text; each
 * reading takes the records still queued (synchronously: a change made a moment ago counts), and
 * the observer counts those delivered to it.
 */
function documentVersion(target: Window & typeof globalThis): {
  read: () => number;
  stop: () => void;
} {
  let version = 0;
  let sheets = sheetsKey(target.document);
  // Records the observer is handed (after a microtask) count as much as those taken before.
  const changes = new target.MutationObserver(() => {
    version += 1;
  });
  changes.observe(target.document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  return {
    read: () => {
      const rules = sheetsKey(target.document);
      if (changes.takeRecords().length > 0 || rules !== sheets) {
        version += 1;
        sheets = rules;
      }
      return version;
    },
    stop: () => changes.disconnect(),
  };
}

/** Answers kept per element (and per question about it) while the document stays as it was. */
function keptWhileUnchanged<T>(version: () => number) {
  let keptAt = -1;
  let kept = new WeakMap<Element, Map<string, T>>();
  return (element: Element, question: string, answer: () => T): T => {
    const now = version();
    if (now !== keptAt) {
      kept = new WeakMap();
      keptAt = now;
    }
    let answers = kept.get(element);
    if (!answers) kept.set(element, (answers = new Map<string, T>()));
    if (answers.has(question)) return answers.get(question)!;
    const value = answer();
    answers.set(question, value);
    return value;
  };
}

interface AccessibilityApi {
  computeAccessibleName: (element: Element, options?: object) => string;
}

/**
 * Keeps jsdom's computed styles, and the accessible names Testing Library works out for its role
 * queries (a walk of the element's subtree, styles and all, for each element a query looks at),
 * while neither the document nor its rules have changed.
 */
export function cacheComputedStyles(target: Window & typeof globalThis = window): () => void {
  const version = documentVersion(target);
  const compute = target.getComputedStyle.bind(target);
  const styles = keptWhileUnchanged<Computed>(version.read);
  target.getComputedStyle = (element: Element, pseudo?: string | null): Computed =>
    // A pseudo-element: jsdom's answer, every time.
    pseudo ? compute(element, pseudo) : styles(element, '', () => compute(element));

  // The module Testing Library's role queries call (it reads the export on every call).
  const fromTestingLibrary = createRequire(
    createRequire(import.meta.url).resolve('@testing-library/dom'),
  );
  const accessibility = fromTestingLibrary('dom-accessibility-api') as AccessibilityApi;
  const name = accessibility.computeAccessibleName;
  const names = keptWhileUnchanged<string>(version.read);
  accessibility.computeAccessibleName = (element, options) =>
    names(element, JSON.stringify(options ?? {}), () => name(element, options));

  return () => {
    version.stop();
    target.getComputedStyle = compute;
    accessibility.computeAccessibleName = name;
  };
}

/** What the tests' readers of a computed style look at: Testing Library, user-event, accname. */
const PROPERTIES_READ = new Set(['display', 'visibility', 'pointer-events', 'content']);

interface ParsedRule {
  style?: { length: number; [index: number]: string };
  cssRules?: ParsedSheet['cssRules'];
  deleteRule?: (index: number) => void;
}
interface ParsedSheet {
  cssRules: ArrayLike<ParsedRule>;
  deleteRule: (index: number) => void;
}
interface CssParser {
  parse: (text: string, ...rest: unknown[]) => ParsedSheet;
  browserDefaultsTrimmed?: true;
}

/** Drops the rules that set none of the properties read (their matching is the cost). */
function keepRulesRead(sheet: {
  cssRules: ArrayLike<ParsedRule>;
  deleteRule?: (i: number) => void;
}) {
  for (let index = sheet.cssRules.length - 1; index >= 0; index -= 1) {
    const rule = sheet.cssRules[index]!;
    if (rule.cssRules) {
      keepRulesRead(rule as Required<Pick<ParsedRule, 'cssRules' | 'deleteRule'>>);
      if (rule.cssRules.length === 0) sheet.deleteRule?.(index);
      continue;
    }
    const style = rule.style;
    const read = style && Array.from({ length: style.length }, (_, i) => style[i]!);
    if (!read?.some((property) => PROPERTIES_READ.has(property))) sheet.deleteRule?.(index);
  }
}

/**
 * jsdom matches every element against its whole browser-default stylesheet (111 rules) on each
 * computation; two rules in three set only fonts, margins and colours, which no reader of a
 * computed style here looks at. jsdom parses that sheet on its first computation through its CSS
 * parser module: the parse of that one text keeps only the rules that set `display`,
 * `visibility`, `pointer-events` or `content`, so every answer about those is jsdom's own.
 */
export function trimBrowserDefaults(): void {
  const jsdomEntry = createRequire(import.meta.url).resolve('jsdom');
  const fromJsdom = createRequire(jsdomEntry);
  const parser = fromJsdom('@acemir/cssom') as CssParser;
  if (parser.browserDefaultsTrimmed) return;
  const defaults = readFileSync(
    fromJsdom.resolve('jsdom/lib/jsdom/browser/default-stylesheet.css'),
    'utf8',
  );
  const parse = parser.parse.bind(parser);
  parser.parse = (text, ...rest) => {
    const sheet = parse(text, ...rest);
    if (text === defaults) keepRulesRead(sheet);
    return sheet;
  };
  parser.browserDefaultsTrimmed = true;
}
