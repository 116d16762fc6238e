// npm run flows: writes docs/flows, one page per machine with its state diagram (see
// scripts/flows/docs.ts), and removes pages of machines that are gone.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FLOWS_DIR, renderFlows } from './flows/docs';

const dir = join(process.cwd(), FLOWS_DIR);
const pages = await renderFlows();
mkdirSync(dir, { recursive: true });
for (const name of readdirSync(dir)) {
  if (name.endsWith('.md') && !pages.has(name)) rmSync(join(dir, name));
}
for (const [name, text] of pages) writeFileSync(join(dir, name), text);
console.log(`Wrote ${pages.size} pages to ${FLOWS_DIR}: ${[...pages.keys()].join(', ')}`);
