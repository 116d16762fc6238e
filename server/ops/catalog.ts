// `questions` and `coupons`: the catalogs players answer and are rewarded from (DESIGN section
// 3), imported from a file whole or not at all, and listed. A catalog's text came from a file
// somebody wrote: it reaches the operator's terminal through the one printer (print.ts).
import type { Command } from 'commander';
import { OpsError } from '../services/ops';
import { CatalogFileError, IMPORT_BATCH, type ImportResult } from '../services/catalog';
import type { OpsOutput, ServicesProvider } from './program';
import { printable } from './print';

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function describeImport({ added, updated }: ImportResult, noun: string): string {
  return `${plural(added + updated, noun)}: ${added} new, ${updated} updated`;
}

/** A catalog's tags, as the lists show them: `[a, b]`, each escaped. */
const tagsOf = (tags: readonly string[]) => `[${tags.map(printable).join(', ')}]`;

/** Runs an import, drawing its progress as a bar on stderr for files of more than one batch. */
async function importing(
  services: ServicesProvider,
  file: string,
  kind: 'questions' | 'coupons',
  output: OpsOutput,
): Promise<ImportResult> {
  const { catalog } = await services();
  let shown = -1;
  const progress = (done: number, total: number) => {
    if (total <= IMPORT_BATCH) return;
    const tenths = Math.floor((done / total) * 10);
    if (tenths === shown) return;
    shown = tenths;
    output.err(`[${'#'.repeat(tenths)}${'.'.repeat(10 - tenths)}] ${done}/${total}\n`);
  };
  try {
    return kind === 'questions'
      ? await catalog.importQuestionsFile(file, progress)
      : await catalog.importOffersFile(file, progress);
  } catch (error) {
    if (error instanceof CatalogFileError) throw new OpsError(error.message);
    throw error;
  }
}

export function addCatalogCommands(
  program: Command,
  services: ServicesProvider,
  output: OpsOutput,
): void {
  const line = (text: string) => output.out(`${text}\n`);

  const questions = program.command('questions').description('the questions players answer');
  questions
    .command('import')
    .description('check a questions file (JSON) and load it whole, or nothing if it is wrong')
    .argument('<file>', 'a JSON file: { "questions": [{ "key", "prompt", "tags" }] }')
    .action(async (file: string) => {
      const result = await importing(services, file, 'questions', output);
      line(`Imported ${describeImport(result, 'question')}.`);
    });
  questions
    .command('list')
    .description('list the catalog of questions')
    .action(async () => {
      const rows = await (await services()).catalog.listQuestions();
      for (const row of rows) {
        line(`${row.id}\t${printable(row.key)}\t${tagsOf(row.tags)}\t${printable(row.prompt)}`);
      }
      line(plural(rows.length, 'question'));
    });

  const coupons = program.command('coupons').description('the coupons and gift cards offered');
  coupons
    .command('import')
    .description('check an offers file (JSON) and load it whole, or nothing if it is wrong')
    .argument('<file>', 'a JSON file: { "offers": [{ "key", "coupon_type", "kind", ... }] }')
    .action(async (file: string) => {
      const result = await importing(services, file, 'coupons', output);
      line(`Imported ${describeImport(result, 'offer')}.`);
    });
  coupons
    .command('list')
    .description('list the catalog of coupons and gift cards')
    .action(async () => {
      const rows = await (await services()).catalog.listOffers();
      for (const row of rows) {
        const value = `$${(row.valueCents / 100).toFixed(2)}`;
        const brand = printable(row.couponType);
        line(
          `${row.id}\t${printable(row.key)}\t${row.kind}\t${brand}\t${value}\t${tagsOf(row.tags)}`,
        );
      }
      line(plural(rows.length, 'offer'));
    });
}
