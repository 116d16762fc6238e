// Screenshots held against the baselines in test/e2e/baselines, pixel by pixel: a screen whose
// look changed by more than a sliver fails, and the picture it showed and where it differs are
// left in test-results/e2e/look. UPDATE_BASELINES=1 writes the baselines instead.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

export const BASELINE_DIR = join(process.cwd(), 'test', 'e2e', 'baselines');
export const RESULTS_DIR = join(process.cwd(), 'test-results', 'e2e', 'look');

/** Whether this run writes the baselines (after a change of look meant to stay). */
export const UPDATING_BASELINES = process.env.UPDATE_BASELINES === '1';

/** How different two pixels' colours may be and still count as the same (pixelmatch's scale). */
const PIXEL_THRESHOLD = 0.1;
/** The share of a screen's pixels that may differ before the look counts as changed. */
const MAX_DIFFERING_SHARE = 0.002;

/** What the comparison says about one screenshot: null when it matches (or was written). */
export function compareWithBaseline(name: string, actual: Buffer): string | null {
  const baselinePath = join(BASELINE_DIR, `${name}.png`);
  if (UPDATING_BASELINES) {
    mkdirSync(BASELINE_DIR, { recursive: true });
    writeFileSync(baselinePath, actual);
    return null;
  }
  const shown = relative(process.cwd(), baselinePath);
  if (!existsSync(baselinePath)) {
    writeResult(`${name}-actual`, actual);
    return `${name}: no baseline at ${shown}; run the file with UPDATE_BASELINES=1 to write it`;
  }
  const baseline = readFileSync(baselinePath);
  // The same pixels encode to the same bytes: most screens need no decoding at all.
  if (baseline.equals(actual)) return null;
  const expected = PNG.sync.read(baseline);
  const got = PNG.sync.read(actual);
  if (expected.width !== got.width || expected.height !== got.height) {
    writeResult(`${name}-actual`, actual);
    return (
      `${name}: ${got.width}x${got.height} px, the baseline is ` +
      `${expected.width}x${expected.height} px (${shown})`
    );
  }
  const { width, height } = got;
  const options = { threshold: PIXEL_THRESHOLD };
  // Counted first; the picture of where they differ is drawn only for a screen that fails.
  const differing = pixelmatch(expected.data, got.data, undefined, width, height, options);
  const share = differing / (width * height);
  if (share <= MAX_DIFFERING_SHARE) return null;
  const diff = new PNG({ width, height });
  pixelmatch(expected.data, got.data, diff.data, width, height, options);
  writeResult(`${name}-actual`, actual);
  writeResult(`${name}-diff`, PNG.sync.write(diff));
  const percent = (share * 100).toFixed(2);
  return (
    `${name}: ${differing} px differ (${percent}% of the screen, at most ` +
    `${MAX_DIFFERING_SHARE * 100}%); see ${relative(process.cwd(), RESULTS_DIR)}/${name}-diff.png`
  );
}

function writeResult(name: string, png: Buffer): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `${name}.png`), png);
}
