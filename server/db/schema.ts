// The one database schema, for PGlite and PostgreSQL alike. drizzle-kit turns changes here into
// the versioned migrations in server/migrations (`npm run db:generate`).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
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

/**
 * Devices where a player signed in (OWASP's device cookies): the device holds a signed cookie
 * naming this row and its player. A trusted device keeps its own failure budget, so strangers'
 * failures never lock it out; after too many failures in a row it is rejected.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('trusted_devices_user_idx').on(table.userId)],
);

/**
 * Texted sign-in codes, kept only as a salted hash. A code asked for by a trusted device can
 * be used only with that device's cookie (device_id); the others, by any client without one.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id').references(() => trustedDevices.id, { onDelete: 'cascade' }),
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

/**
 * Consecutive failed codes per player's phone from clients without a trusted device (DESIGN
 * section 4): the block and the lock bind those clients only.
 */
export const phoneGuards = pgTable('phone_guards', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  locked: boolean('locked').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The request limits' counters (code requests per phone and per client address), in the
 * database so that every server instance counts against the same limit: one fixed window per
 * key, restarted by the first hit after it ends.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  hits: integer('hits').notNull(),
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
    /** iOS, Android or Other, from the device that sent it (null before analytics batches). */
    platform: text('platform', { enum: ['ios', 'android', 'other'] }),
    createdAt: createdAt(),
  },
  (table) => [
    index('clicks_user_idx').on(table.userId),
    index('clicks_event_day_idx').on(table.eventName, table.createdAt),
  ],
);

/**
 * Page views: every route the app opened, with the platform. A signed-in player's views carry
 * the player and go with the account; a visitor's carry no one.
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    platform: text('platform', { enum: ['ios', 'android', 'other'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('page_views_path_day_idx').on(table.path, table.createdAt),
    index('page_views_user_idx').on(table.userId),
    check('page_views_platform_known', sql`${table.platform} in ('ios', 'android', 'other')`),
  ],
);

/** One row each time someone opens an invite link. */
export const inviteClicks = pgTable(
  'invite_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inviteId: uuid('invite_id')
      .notNull()
      .references(() => invites.id, { onDelete: 'cascade' }),
    /** A random id the opening device keeps: one click per device and invite. */
    deviceId: uuid('device_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('invite_clicks_invite_idx').on(table.inviteId),
    uniqueIndex('invite_clicks_once_per_device').on(table.inviteId, table.deviceId),
  ],
);

/**
 * Draws (DESIGN section 2): back-to-back windows [opens_at, closes_at), exactly one open at a
 * time (the partial unique index). The seed stays secret until closing; only its sha256, the
 * commitment, is public while the draw is open.
 */
export const draws = pgTable(
  'draws',
  {
    id: serial('id').primaryKey(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** 32 bytes, hex. */
    seed: text('seed').notNull(),
    /** sha256(seed), hex. */
    commitment: text('commitment').notNull(),
    entriesCount: integer('entries_count'),
    entriesDigest: text('entries_digest'),
    winningEntryId: bigint('winning_entry_id', { mode: 'number' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('draws_one_open')
      .on(table.status)
      .where(sql`${table.status} = 'open'`),
    check('draws_status_known', sql`${table.status} in ('open', 'closed')`),
    check('draws_window_ordered', sql`${table.opensAt} < ${table.closesAt}`),
  ],
);

/**
 * Entries: one per button press and draw (the partial unique index settles racing presses),
 * plus one per wallet ticket spent. Ids only grow, so "id order" is the order of entry.
 */
export const drawEntries = pgTable(
  'draw_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    drawId: integer('draw_id')
      .notNull()
      .references(() => draws.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    source: text('source', { enum: ['button', 'wallet'] }).notNull(),
    /**
     * How many of the entry's answers (skips included) have been paid for: every whole batch
     * of them earns the entry one coupon, however many claims paid them (DESIGN section 3).
     * Raised by each payment in an update of this row, so racing payments count in turn.
     */
    paidAnswers: integer('paid_answers').notNull().default(0),
    /** Set when the player deleted the account while the draw was open: it never wins. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('draw_entries_one_press')
      .on(table.drawId, table.userId)
      .where(sql`${table.source} = 'button'`),
    index('draw_entries_draw_idx').on(table.drawId, table.id),
    index('draw_entries_user_idx').on(table.userId, table.drawId),
    check('draw_entries_source_known', sql`${table.source} in ('button', 'wallet')`),
  ],
);

/**
 * Wallet tickets: the welcome ticket of every new player, then token rewards. A ticket is
 * spent once, on the entry it bought.
 */
export const walletTickets = pgTable(
  'wallet_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['welcome', 'token_reward'] }).notNull(),
    rewardId: uuid('reward_id'),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    drawEntryId: bigint('draw_entry_id', { mode: 'number' }).references(() => drawEntries.id),
    createdAt: createdAt(),
  },
  (table) => [
    index('wallet_tickets_unspent_idx')
      .on(table.userId, table.id)
      .where(sql`${table.spentAt} is null`),
    uniqueIndex('wallet_tickets_entry_unique').on(table.drawEntryId),
    check(
      'wallet_tickets_spent_on_entry',
      sql`(${table.spentAt} is null) = (${table.drawEntryId} is null)`,
    ),
  ],
);

/** Token and coupon rewards earned by an entry (filled by the questionnaire flow). */
export const rewards = pgTable(
  'rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['token_reward', 'coupon_reward'] }).notNull(),
    value: integer('value').notNull(),
    couponType: text('coupon_type'),
    imageLink: text('image_link'),
    link: text('link'),
    drawEntryId: bigint('draw_entry_id', { mode: 'number' }).references(() => drawEntries.id),
    /** The offer a coupon reward was chosen from, and what claiming it shows the player. */
    offerId: integer('offer_id').references((): AnyPgColumn => offers.id),
    kind: text('kind', { enum: ['coupon', 'gift_card'] }),
    /** A coupon's worth in cents (`value` is then the whole dollars, for older readers). */
    valueCents: integer('value_cents'),
    message: text('message'),
    playedBack: boolean('played_back').notNull().default(false),
    claimed: boolean('claimed').notNull().default(false),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('rewards_user_idx').on(table.userId)],
);

/** The cash prize of a draw's winner: the winner's main_price when the draw closed. */
export const grandPrizes = pgTable(
  'grand_prizes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    drawId: integer('draw_id')
      .notNull()
      .references(() => draws.id),
    drawEntryId: bigint('draw_entry_id', { mode: 'number' })
      .notNull()
      .references(() => drawEntries.id),
    prizeAmount: integer('prize_amount').notNull(),
    cashierCheckName: text('cashier_check_name'),
    cashierCheckAddress: text('cashier_check_address'),
    /** 'PayPal', 'Venmo' or 'Virtual Visa', chosen when the winner claims the prize. */
    paymentMethod: text('payment_method'),
    /** Where the payout goes: the PayPal or card e-mail, or the Venmo handle. */
    paymentDetails: text('payment_details'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('grand_prizes_draw_unique').on(table.drawId),
    index('grand_prizes_user_idx').on(table.userId),
  ],
);

/** 20% of a grand prize for the player whose personal invite brought the winner in. */
export const referralBonuses = pgTable(
  'referral_bonuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id),
    winnerId: uuid('winner_id')
      .notNull()
      .references(() => users.id),
    grandPrizeId: uuid('grand_prize_id')
      .notNull()
      .references(() => grandPrizes.id),
    amount: integer('amount').notNull(),
    /** 'PayPal', 'Venmo' or 'Virtual Visa', chosen when the inviter claims the bonus. */
    paymentMethod: text('payment_method'),
    /** Where the payout goes: the PayPal or card e-mail, or the Venmo handle. */
    paymentDetails: text('payment_details'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('referral_bonuses_prize_unique').on(table.grandPrizeId),
    index('referral_bonuses_inviter_idx').on(table.inviterId),
  ],
);

/**
 * The yes/no questions players answer (DESIGN section 3), loaded by the operator
 * (`questions import`) or the starter catalog. An import updates a question by its key and never
 * removes one: answers keep pointing at what was asked.
 */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    prompt: text('prompt').notNull(),
    tags: text('tags').array().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('questions_key_unique').on(table.key)],
);

/**
 * The coupons and gift cards rewards are chosen from (DESIGN section 3), loaded by the operator
 * (`coupons import`) or the starter catalog, updated by key, never removed.
 */
export const offers = pgTable(
  'offers',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    couponType: text('coupon_type').notNull(),
    kind: text('kind', { enum: ['coupon', 'gift_card'] }).notNull(),
    /** What it is worth, in cents. */
    valueCents: integer('value_cents').notNull(),
    image: text('image').notNull(),
    link: text('link'),
    tags: text('tags').array().notNull(),
    code: text('code'),
    deliveryNote: text('delivery_note'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('offers_key_unique').on(table.key),
    check('offers_value_positive', sql`${table.valueCents} > 0`),
    check(
      'offers_claim_message',
      sql`${table.code} is not null or ${table.deliveryNote} is not null`,
    ),
  ],
);

/**
 * A player's answer to a question (or its skip), given for a draw entry of theirs: one per
 * player and question, so an answer sent twice is kept once. Answers never touch the odds.
 */
export const answers = pgTable(
  'answers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questions.id),
    drawEntryId: bigint('draw_entry_id', { mode: 'number' })
      .notNull()
      .references(() => drawEntries.id),
    /** Yes or no; null when the player skipped the question. */
    answer: boolean('answer'),
    skipped: boolean('skipped').notNull(),
    /** When the rewards this answer earned were paid (each answer is paid for once). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('answers_one_per_question').on(table.userId, table.questionId),
    index('answers_entry_idx').on(table.drawEntryId),
    check('answers_skip_or_answer', sql`${table.skipped} = (${table.answer} is null)`),
  ],
);

/** A questionnaire skipped ('Skip' on /what-i-like): once per draw entry. */
export const questionnaireSkips = pgTable(
  'questionnaire_skips',
  {
    drawEntryId: bigint('draw_entry_id', { mode: 'number' })
      .primaryKey()
      .references(() => drawEntries.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('questionnaire_skips_user_idx').on(table.userId)],
);

/**
 * The wishlist coupon a player's first skip earns: once per player for ever. The mark outlives
 * its coupon (a removed coupon leaves reward_id null), so the coupon is never earned twice.
 */
export const firstSkipRewards = pgTable('first_skip_rewards', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  rewardId: uuid('reward_id').references(() => rewards.id, { onDelete: 'set null' }),
  /** The questionnaire skip that earned it. */
  drawEntryId: bigint('draw_entry_id', { mode: 'number' }).references(() => drawEntries.id),
  createdAt: createdAt(),
});

/**
 * Contact Us messages (spec section 2, /form/has-problem): stored first, then delivered to
 * CONTACT_EMAIL through SMTP_URL when one is set. A message the mail server refused or could
 * not take stays here and is tried again after `next_attempt_at`, so none is ever lost.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Given up on: the mail server refused it for good, or ten tries failed. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('contact_messages_user_idx').on(table.userId, table.createdAt),
    index('contact_messages_undelivered_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.deliveredAt} is null and ${table.failedAt} is null`),
  ],
);

/** The operator's answers to a contact message (`messages reply`), read by the player in the app. */
export const contactReplies = pgTable(
  'contact_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** When the player opened it; new until then. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [index('contact_replies_message_idx').on(table.messageId, table.createdAt)],
);
