// The catalogs of questions and offers (DESIGN sections 3 and 5): an operator's file is checked
// whole against the contract, then loaded in one transaction (all or nothing), in batches so a
// large file shows its progress; the starter catalog (server/catalog/) loads the same way once.
import { readFile, stat } from 'node:fs/promises';
import type * as z from 'zod/mini';
import { OfferCatalog, QuestionCatalog } from '../../contract/catalog';
import {
  countCatalog,
  listOffers,
  listQuestions,
  upsertOffers,
  upsertQuestions,
} from '../repositories/catalog';
import { insertSettingOnce } from '../repositories/settings';
import type { ServiceContext } from './context';
import { packagePath } from '../package-root';

/** Rows per statement: large files load in steps, each step reported. */
export const IMPORT_BATCH = 500;
/** Files past this size are refused before they are read. */
export const MAX_CATALOG_FILE_BYTES = 50 * 1024 * 1024;
/** Problems listed when a file is refused (the rest are counted). */
const PROBLEMS_SHOWN = 10;

/** A file the import refuses, with every reason a person needs to fix it. */
export class CatalogFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogFileError';
  }
}

export type ImportProgress = (done: number, total: number) => void;
export type ImportResult = { added: number; updated: number };

const STARTER = {
  questions: packagePath('server', 'catalog', 'questions.json'),
  offers: packagePath('server', 'catalog', 'offers.json'),
};

function describeProblems(error: z.core.$ZodError): string {
  const lines = error.issues.slice(0, PROBLEMS_SHOWN).map((issue) => {
    const where = issue.path.length === 0 ? '(the file)' : issue.path.join('.');
    return `  ${where}: ${issue.message}`;
  });
  const more = error.issues.length - PROBLEMS_SHOWN;
  return [...lines, ...(more > 0 ? [`  and ${more} more`] : [])].join('\n');
}

/** Reads and checks a catalog file; throws CatalogFileError saying what is wrong. */
export async function readCatalogFile<T>(
  path: string,
  schema: z.ZodMiniType<T>,
  what: string,
): Promise<T> {
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    throw new CatalogFileError(`Cannot read ${path}: no such file`);
  }
  if (size > MAX_CATALOG_FILE_BYTES) {
    throw new CatalogFileError(`${path} is larger than ${MAX_CATALOG_FILE_BYTES / 2 ** 20} MB`);
  }
  let json: unknown;
  try {
    json = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CatalogFileError(`${path} is not JSON: ${reason}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new CatalogFileError(
      `${path} is not a ${what} catalog; nothing was imported.\n${describeProblems(parsed.error)}`,
    );
  }
  return parsed.data;
}

async function inBatches<T>(
  entries: readonly T[],
  load: (batch: readonly T[]) => Promise<number>,
  progress?: ImportProgress,
): Promise<ImportResult> {
  let added = 0;
  progress?.(0, entries.length);
  for (let start = 0; start < entries.length; start += IMPORT_BATCH) {
    const batch = entries.slice(start, start + IMPORT_BATCH);
    added += await load(batch);
    progress?.(start + batch.length, entries.length);
  }
  return { added, updated: entries.length - added };
}

export function createCatalogService({ db, now }: ServiceContext) {
  const importQuestions = (catalog: QuestionCatalog, progress?: ImportProgress) =>
    db.transaction((tx) => inBatches(catalog.questions, (b) => upsertQuestions(tx, b), progress));
  const importOffers = (catalog: OfferCatalog, progress?: ImportProgress) =>
    db.transaction((tx) => inBatches(catalog.offers, (b) => upsertOffers(tx, b), progress));

  return {
    importQuestions,
    importOffers,

    async importQuestionsFile(path: string, progress?: ImportProgress) {
      return importQuestions(await readCatalogFile(path, QuestionCatalog, 'questions'), progress);
    },

    async importOffersFile(path: string, progress?: ImportProgress) {
      return importOffers(await readCatalogFile(path, OfferCatalog, 'coupons'), progress);
    },

    listQuestions: () => listQuestions(db),
    listOffers: () => listOffers(db),
    count: () => countCatalog(db),

    /**
     * Loads the starter catalogs once per database (the first start with this version);
     * answers whether it did. An operator's later imports update them by key.
     */
    async loadStarterOnce(): Promise<boolean> {
      const questions = await readCatalogFile(STARTER.questions, QuestionCatalog, 'questions');
      const offers = await readCatalogFile(STARTER.offers, OfferCatalog, 'coupons');
      return db.transaction(async (tx) => {
        if (!(await insertSettingOnce(tx, 'starter_catalog_at', now().toISOString()))) {
          return false;
        }
        await inBatches(questions.questions, (b) => upsertQuestions(tx, b));
        await inBatches(offers.offers, (b) => upsertOffers(tx, b));
        return true;
      });
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
