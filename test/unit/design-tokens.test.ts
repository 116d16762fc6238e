// The design system's one rule for code (docs/design-system.md): colours, type sizes, spacing,
// radii, shadows and durations are written once, as tokens in src/styles/tokens.css, and every
// other stylesheet and view reads them. A literal in a stylesheet, or a style set in a view
// with a colour or a size in it, fails here with its file and line.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const TOKENS = 'src/styles/tokens.css';

function filesUnder(dir: string, ending: RegExp): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && ending.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

interface Declaration {
  file: string;
  line: number;
  property: string;
  value: string;
}

/** Every `property: value` of a stylesheet outside custom properties' own definitions. */
function declarationsOf(file: string): Declaration[] {
  const text = readFileSync(join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, (comment) =>
    comment.replace(/[^\n]/g, ' '),
  );
  const found: Declaration[] = [];
  const pattern = /([a-z-]+)\s*:\s*([^;{}]+);/g;
  for (const match of text.matchAll(pattern)) {
    const [, property = '', value = ''] = match;
    if (property.startsWith('--')) continue;
    const line = text.slice(0, match.index).split('\n').length;
    found.push({ file, line, property, value: value.trim() });
  }
  return found;
}

const COLOUR_LITERAL =
  /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(|\b(?:black|white|red|green|blue|gr[ae]y|silver|gold|orange|yellow)\b/i;
const LENGTH = /(?<![\w-])-?\d*\.?\d+(?:rem|px|em|vh|vw|dvh|svh)\b/;
const DURATION = /(?<![\w-])\d*\.?\d+m?s\b/;

/** What a declaration may not hold, by property; a reason when it breaks the rule. */
function breach({ property, value }: Declaration): string | null {
  if (
    COLOUR_LITERAL.test(value.replace(/var\([^)]*\)/g, '')) &&
    !/^(?:content|font-family|grid-template-areas)$/.test(property)
  )
    return 'a colour written outside the tokens';
  if (property === 'font-size' && !/^(?:var\(--font-[a-z0-9]+\)|inherit|1em|100%)$/.test(value))
    return 'a font size outside the type scale';
  if (property === 'font-weight' && !/^(?:var\(--weight-[a-z]+\)|inherit|normal)$/.test(value))
    return 'a weight outside the scale';
  if (
    /^(?:padding|margin|gap|row-gap|column-gap)(?:-(?:top|right|bottom|left|inline|block)(?:-start|-end)?)?$/.test(
      property,
    ) &&
    LENGTH.test(value.replace(/var\([^)]*\)/g, ''))
  )
    return 'a spacing outside the spacing steps';
  if (
    /^border(?:-(?:top|bottom)-(?:left|right))?-radius$/.test(property) &&
    !/^(?:(?:var\(--radius-[a-z]+\)|0|50%|inherit)\s*)+$/.test(value)
  )
    return 'a radius outside the radii';
  if (
    /^(?:box-shadow|text-shadow)$/.test(property) &&
    !/^(?:var\(--shadow-[a-z0-9-]+\)|none)$/.test(value)
  )
    return 'a shadow outside the elevations';
  if (
    /^(?:transition|transition-duration|animation|animation-duration|transition-delay|animation-delay)$/.test(
      property,
    )
  ) {
    if (DURATION.test(value.replace(/var\([^)]*\)/g, '')) && !/^0m?s$/.test(value))
      return 'a duration outside the motion tokens';
  }
  return null;
}

describe('the design tokens', () => {
  const stylesheets = filesUnder('src', /\.css$/).filter((file) => file !== TOKENS);

  it('are the only place a colour, a type size, a space, a radius, a shadow or a duration is written', () => {
    const breaches = stylesheets
      .flatMap(declarationsOf)
      .map((declaration) => ({ declaration, reason: breach(declaration) }))
      .filter(({ reason }) => reason !== null)
      .map(
        ({ declaration: { file, line, property, value }, reason }) =>
          `${file}:${line} ${property}: ${value} (${reason})`,
      );
    expect(breaches).toEqual([]);
  });

  it('cover a light and a dark theme, and stop every motion under reduced motion', () => {
    const tokens = readFileSync(join(root, TOKENS), 'utf8');
    expect(tokens).toMatch(/color-scheme:\s*light dark/);
    expect(tokens).toMatch(/@media \(prefers-color-scheme: dark\)/);
    const reduced = /@media \(prefers-reduced-motion: reduce\)\s*{([\s\S]*?)\n}/.exec(tokens)?.[1];
    for (const name of ['--duration-fast', '--duration-base', '--duration-slow'])
      expect(reduced).toContain(`${name}: 0ms`);
  });

  it('are what views use: no colour or size set inline in a view', () => {
    const inline = filesUnder('src', /\.tsx$/).flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .map((text, index) => ({ file, line: index + 1, text }))
        .filter(
          ({ text }) =>
            /style=\{\{/.test(text) &&
            (COLOUR_LITERAL.test(text) || /['"][^'"$]*\d(?:rem|px|em)['"]/.test(text)),
        )
        .map(({ file, line, text }) => `${file}:${line} ${text.trim()}`),
    );
    expect(inline).toEqual([]);
  });
});
