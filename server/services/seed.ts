import { insertSettingOnce } from '../repositories/settings';
import type { Services } from './index';

export const STARTER_CODE_USES = 1000;

/**
 * On the very first start (an empty database), creates the starter campaign invite code and
 * returns it; later starts, and every instance but one on a shared database, get null. The
 * starter catalogs of questions and offers load once too (on a database from before them, at
 * its first start with them).
 */
export async function seedOnFirstStart(services: Services): Promise<string | null> {
  const { db, now } = services.context;
  await services.catalog.loadStarterOnce();
  if (!(await insertSettingOnce(db, 'seeded_at', now().toISOString()))) return null;
  return services.invites.createCampaign(STARTER_CODE_USES);
}
