// Toasts as the player sees them: a message shown again replaces itself, and every variant's
// text is readable on its background (WCAG AA, 4.5:1) in both themes, as the style sheet defines
// them with the design tokens.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type * as Notistack from 'notistack';
import { describe, expect, it } from 'vitest';
import type { ToastVariant } from '../../machines/shared/effects';
import { NOTISTACK_VARIANTS, showToast, toastsMounted } from '../../src/lib/toast';

/** A stand-in for notistack's container: which toasts are on screen, by key. */
function fakeContainer() {
  const onScreen = new Map<string | number, string>();
  let unkeyed = 0;
  const container = {
    enqueueSnackbar: (message: string, options?: { key?: string | number }) => {
      const key = options?.key ?? `unkeyed-${(unkeyed += 1)}`;
      onScreen.set(key, message);
      return key;
    },
    closeSnackbar: (key?: string | number) => {
      if (key !== undefined) onScreen.delete(key);
    },
  };
  return { onScreen, container: container as unknown as typeof Notistack };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('toasts', () => {
  it('show a message asked for again once, the latest showing replacing the earlier', async () => {
    const { onScreen, container } = fakeContainer();
    toastsMounted(container);
    for (let i = 0; i < 4; i += 1) showToast({ message: 'Invalid Code', variant: 'error' });
    showToast({ message: 'Invitation code received', variant: 'success' });
    await settle();
    const messages = [...onScreen.values()];
    expect(messages.filter((m) => m === 'Invalid Code')).toHaveLength(1);
    expect(messages).toContain('Invitation code received');
    // Later on, the same message again: still one.
    showToast({ message: 'Invalid Code', variant: 'error' });
    await settle();
    expect([...onScreen.values()].filter((m) => m === 'Invalid Code')).toHaveLength(1);
  });
});

// ---- contrast, WCAG 2.x definitions -------------------------------------------------------

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = match.slice(1).map((part) => channel(parseInt(part, 16)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const STYLES = readFileSync(join(process.cwd(), 'src/lib/toast.css'), 'utf8');
const TOKENS = readFileSync(join(process.cwd(), 'src/styles/tokens.css'), 'utf8');

/** The custom properties a block of tokens.css defines, by name. */
function definitions(block: string): Map<string, string> {
  return new Map(
    [...block.matchAll(/(--[a-z0-9-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [
      name!,
      value!.trim(),
    ]),
  );
}

const LIGHT = definitions(/:root\s*\{([\s\S]*?)\n\}/.exec(TOKENS)![1]!);
const DARK = new Map([
  ...LIGHT,
  ...definitions(/@media \(prefers-color-scheme: dark\)\s*\{([\s\S]*?)\n\}/.exec(TOKENS)![1]!),
]);
const THEMES = [
  ['light', LIGHT],
  ['dark', DARK],
] as const;

/** A colour as the theme paints it: a token read through to its value. */
function resolve(value: string, theme: Map<string, string>): string {
  const token = /^var\((--[a-z0-9-]+)\)$/.exec(value);
  if (!token) return value;
  const defined = theme.get(token[1]!);
  if (defined === undefined) throw new Error(`tokens.css defines no ${token[1]}`);
  return resolve(defined, theme);
}

/** The background and text colours the style sheet gives notistack's `variant`, in a theme. */
function coloursOf(
  variant: string,
  theme: Map<string, string>,
): { background: string; text: string } {
  const rule = new RegExp(`\\.notistack-MuiContent-${variant}\\s*\\{([^}]*)\\}`).exec(STYLES);
  if (!rule) throw new Error(`src/lib/toast.css has no rule for the ${variant} variant`);
  const declaration = (property: string) => {
    const found = new RegExp(`(?:^|;|\\s)${property}\\s*:\\s*([^;]+);`).exec(rule[1]!);
    if (!found) throw new Error(`the ${variant} toast has no ${property}`);
    return resolve(found[1]!.trim(), theme);
  };
  return { background: declaration('background-color'), text: declaration('color') };
}

const APP_VARIANTS = Object.keys(NOTISTACK_VARIANTS) as ToastVariant[];

describe('toast colours', () => {
  describe.each(THEMES)('in the %s theme', (_, theme) => {
    it.each(APP_VARIANTS)('a %s toast reads at 4.5:1 or more', (variant) => {
      const { background, text } = coloursOf(NOTISTACK_VARIANTS[variant], theme);
      expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
    });

    it.each(['default', 'success', 'error', 'warning', 'info'])(
      "notistack's %s variant reads at 4.5:1 or more too",
      (variant) => {
        const { background, text } = coloursOf(variant, theme);
        expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
      },
    );
  });
});
