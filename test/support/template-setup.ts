// Vitest global setup of the projects that open embedded databases: makes the migrated PGlite
// template once, before any test file starts (so no file's hook waits on initdb).
import { pgliteTemplate } from './pglite-template';

export default async function setup(): Promise<void> {
  await pgliteTemplate();
}
