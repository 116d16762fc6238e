import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { getOrCreateSetting } from '../repositories/settings';

/** JWT_SECRET when configured; otherwise one generated on first start and kept in the database. */
export async function resolveJwtSecret(db: Database, config: Config): Promise<string> {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  return getOrCreateSetting(db, 'jwt_secret', () => randomBytes(48).toString('base64url'));
}
