// Vitest global setup of the projects that open test databases: makes the migrated templates
// (PGlite, and PostgreSQL with TEST_DATABASE_URL) once, before any test file starts.
import { pgliteTemplate } from './pglite-template';
import { postgresTemplate } from './postgres-template';

export default async function setup(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  await Promise.all([pgliteTemplate(), ...(adminUrl ? [postgresTemplate(adminUrl)] : [])]);
}
