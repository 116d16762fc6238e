// jsdom computes an element's style by matching it against its whole default stylesheet and the
// page's (here only the toasts' class rules: Vite's CSS is not applied in jsdom) on every call,
// about 0.7 ms. Testing Library asks for it on every role query, for each element and each of
// its ancestors (is it hidden?), and user-event for each click (pointer-events): a third of a
// generated walk's time went there. What the cascade reads is each element's tag, attributes
// (inline style, hidden, class, open, type...) and place among its siblings, from it up to the
// document, and the page's rules. So a computed style is kept, per element, with that as its
// key, and computed again by jsdom whenever the key differs. jsdom tracks no hover, and no rule
// of the page hides or shows anything on focus: the answers are jsdom's, without asking twice.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

type Computed = ReturnType<typeof window.getComputedStyle>;

/** What the cascade reads of `element` and its ancestors: tags and attributes, up to the root. */
function cascadeKey(element: Element): string {
  let key = '';
  for (let node: Element | null = element; node; node = node.parentElement) {
    key += `<${node.tagName}`;
    for (const { name, value } of node.attributes) key += ` ${name}="${value}"`;
    // Position among siblings (the default sheet has structural selectors, rarely for display).
    key += ` @${node.previousElementSibling ? 1 : 0}${node.nextElementSibling ? 1 : 0}>`;
  }
  return key;
}

/** The page's stylesheets, as far as a new or removed rule goes. */
function sheetsKey(document: Document): string {
  let rules = 0;
  for (const sheet of document.styleSheets) rules += sheet.cssRules.length;
  return `${document.styleSheets.length}/${rules}`;
}

/** Keeps jsdom's computed styles per element while nothing they depend on has changed. */
export function cacheComputedStyles(target: Window = window): () => void {
  const compute = target.getComputedStyle.bind(target);
  const kept = new WeakMap<Element, { key: string; style: Computed }>();
  const cached = (element: Element, pseudo?: string | null): Computed => {
    // A pseudo-element: jsdom's answer, every time.
    if (pseudo) return compute(element, pseudo);
    const key = `${sheetsKey(target.document)} ${cascadeKey(element)}`;
    const hit = kept.get(element);
    if (hit && hit.key === key) return hit.style;
    const style = compute(element);
    kept.set(element, { key, style });
    return style;
  };
  target.getComputedStyle = cached;
  return () => {
    target.getComputedStyle = compute;
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
