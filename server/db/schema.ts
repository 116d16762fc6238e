// The one database schema, for PGlite and PostgreSQL alike. drizzle-kit turns changes here into
// the versioned migrations in server/migrations (`npm run db:generate`).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Players. Deleting an account erases the phone (null) and keeps an anonymised row, so the
 * prize records the law requires can still point at it.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone'),
    mainPrice: integer('main_price').notNull().default(500),
    invitedByInviteId: uuid('invited_by_invite_id').references((): AnyPgColumn => invites.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_phone_unique').on(table.phone),
    check('users_deleted_without_phone', sql`${table.deletedAt} is null or ${table.phone} is null`),
  ],
);

/** Personal codes (an owner, one use) and campaign codes (no owner, up to max_uses). */
export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    maxUses: integer('max_uses').notNull().default(1),
    uses: integer('uses').notNull().default(0),
    claimedById: uuid('claimed_by_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invites_code_unique').on(table.code),
    index('invites_owner_idx').on(table.ownerId),
    check('invites_uses_within_max', sql`${table.uses} >= 0 and ${table.uses} <= ${table.maxUses}`),
  ],
);

/** Server-side sessions: a JWT names one row, so revoking the row ends the session at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Texted sign-in codes, kept only as a salted hash. */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
    hash: text('hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('one_time_codes_user_idx').on(table.userId)],
);

/** Consecutive failed codes per player's phone (DESIGN section 4). */
export const phoneGuards = pgTable('phone_guards', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  locked: boolean('locked').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Server-wide values generated once, such as the JWT secret when none is configured. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Analytics events of signed-in players (the spec's nine event names). */
export const clicks = pgTable(
  'clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventName: text('event_name').notNull(),
    pageUrl: text('page_url').notNull(),
    metadata: jsonb('metadata').notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index('clicks_user_idx').on(table.userId)],
);

/** One row each time someone opens an invite link. */
export const inviteClicks = pgTable(
  'invite_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inviteId: uuid('invite_id')
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('invite_clicks_invite_idx').on(table.inviteId)],
);
