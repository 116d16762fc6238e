// The wire contract between the app and the API (spec section 7, DESIGN sections 4 and 7).
// Both sides import these schemas: the server validates every request with them, the client
// builds its calls and parses every answer with them. Types are inferred here and nowhere else.
// zod/mini: the same schemas as classic zod, but tree-shakable, so the app's first screen
// carries only the checks it uses.
import * as z from 'zod/mini';

export const API_BASE = '/api/v1';

// ---- Shared pieces -------------------------------------------------------------------------

/** `{ errors: [{ status, code, detail }] }`: every error body the API sends. */
export const ApiError = z.object({
  status: z.string(),
  code: z.string(),
  detail: z.string(),
});
export const ErrorBody = z.object({ errors: z.array(ApiError).check(z.minLength(1)) });
export type ErrorBody = z.infer<typeof ErrorBody>;

/**
 * NUL and unpaired UTF-16 surrogate halves: PostgreSQL stores neither (text refuses NUL, and a
 * lone surrogate has no UTF-8 form), so every string the API accepts is refused with them here,
 * once, rather than failing in the database.
 */
const UNSTORABLE_CHARACTER = /[\0\p{Cs}]/u;
export const UNSTORABLE_TEXT_DETAIL = 'Text cannot contain NUL characters or unpaired surrogates';
export const isStorableText = (value: string) => !UNSTORABLE_CHARACTER.test(value);

/** The one string type of the contract: every string field and record key is built on it. */
export const text = (typeError?: string) =>
  z
    .string(typeError === undefined ? undefined : { error: typeError })
    .check(z.refine(isStorableText, UNSTORABLE_TEXT_DETAIL));

/** Largest value of the database's `integer` (int4) columns, such as draw ids. */
export const MAX_INT4 = 2_147_483_647;

/** How a whole number is written in a path or query: ASCII decimal digits, nothing else. */
export const DECIMAL_DIGITS = /^[0-9]+$/;

/**
 * A whole number in a path or query, read from decimal digits only: `Number()` also reads
 * `0x10`, `1e3`, `+12`, ` 12` and `12.0`, and none of those may name 16, 1000 or 12. Text with
 * no digit at all is refused first as not a number; digits written any other way are refused
 * by the decimal pattern (the API answers such a path id 404, as one out of range).
 */
export const decimalInteger = (min: number, max: number, error?: string) =>
  z.codec(
    text().check(
      z.regex(/\p{Nd}/u, 'Must be a number'),
      z.regex(DECIMAL_DIGITS, error ?? 'Must be written in decimal digits'),
    ),
    z
      .number()
      .check(
        z.int(error),
        z.minimum(min, error),
        z.maximum(max, error ?? `Must be at most ${max}`),
      ),
    { decode: Number, encode: String },
  );

/**
 * A numeric id in a path or query, bounded by its column type. A path id out of range names
 * nothing that can exist, so the API answers it with 404.
 */
export const numericId = (max: number, error?: string) => decimalInteger(1, max, error);

export const CODE_LENGTH = 4;
export const INVITE_CODE_MAX_LENGTH = 11;
export const INVITES_PER_PLAYER = 5;
export const DEFAULT_MAIN_PRICE = 500;

/**
 * A US mobile number as the app sends it: the ten NANP digits with a leading 1
 * (area code and exchange never start with 0 or 1).
 */
export const PhoneNumber = text('Phone number cannot be empty.').check(
  z.trim(),
  z.minLength(1, 'Phone number cannot be empty.'),
  z.regex(/^1[2-9]\d{2}[2-9]\d{6}$/, 'Must be a valid mobile number'),
);

export const InviteCode = text('Invite code is required').check(
  z.trim(),
  z.minLength(1, 'Invite code is required'),
  z.maxLength(
    INVITE_CODE_MAX_LENGTH,
    `Invite code has at most ${INVITE_CODE_MAX_LENGTH} characters`,
  ),
);

export const OneTimeCode = text('Code is required').check(
  z.regex(/^\d{4}$/, 'Code must be 4 digits'),
);

export const User = z.object({
  id: z.string(),
  phone_number: z.string(),
  main_price: z.int().check(z.nonnegative()),
});
export type User = z.infer<typeof User>;

// ---- users ---------------------------------------------------------------------------------

/** POST users/registrations: 201 created, 409 already registered (both lead to /login). */
export const RegistrationRequest = z.strictObject({
  phone_number: PhoneNumber,
  invite_code: InviteCode,
});
export type RegistrationRequest = z.infer<typeof RegistrationRequest>;
export const RegistrationResponse = z.object({ data: User });
export type RegistrationResponse = z.infer<typeof RegistrationResponse>;

/** DELETE users/registrations/{id}: the signed-in player deletes their own account. */
export const UserIdParams = z.strictObject({ id: z.uuid('Unknown user') });

/** POST users/request_code: 200; 422 with errors[0].detail; 404 not registered; 429 too many. */
export const RequestCodeRequest = z.strictObject({ phone_number: PhoneNumber });
export type RequestCodeRequest = z.infer<typeof RequestCodeRequest>;
export const RequestCodeResponse = z.object({
  message: z.string(),
  /** Present only while no SMS provider is configured (embedded default and demos). */
  otp: z.optional(z.string()),
});
export type RequestCodeResponse = z.infer<typeof RequestCodeResponse>;

/** POST users/verify_code: 200 with a session token; 401 wrong, expired or used code. */
export const VerifyCodeRequest = z.strictObject({
  phone_number: PhoneNumber,
  code: OneTimeCode,
});
export type VerifyCodeRequest = z.infer<typeof VerifyCodeRequest>;
export const LoginResponse = z.object({
  token: z.string(),
  user: User,
  questionnaires_count: z.int().check(z.nonnegative()),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** The body of calls that carry nothing: `{}`; `null`, an array or any field is refused. */
export const EmptyRequest = z.strictObject({});

/** POST users/logout: revokes the session named by the bearer token. */
export const LogoutResponse = z.object({ message: z.string() });

// ---- invites -------------------------------------------------------------------------------

/** POST invites/validate: 200 when the code can still be used to register, 404 otherwise. */
export const ValidateInviteRequest = z.strictObject({ invite_code: InviteCode });
export type ValidateInviteRequest = z.infer<typeof ValidateInviteRequest>;
export const ValidateInviteResponse = z.object({ valid: z.literal(true) });

/** POST invites: one of the player's 5 personal single-use codes; 409 when all 5 are made. */
export const CreateInviteResponse = z.object({ code: z.string() });
export type CreateInviteResponse = z.infer<typeof CreateInviteResponse>;

export const Invite = z.object({
  id: z.string(),
  type: z.literal('invite'),
  attributes: z.object({
    code: z.string(),
    claimed: z.boolean(),
    created_at: z.string(),
    invited_user: z.nullable(z.object({ phone_number: z.string() })),
    /** Dollars the invitee's wins earned the inviter (the referral bonus); 0 until one wins.
     * Always sent by the server; optional so a client without it reads no bonus. */
    bonus_amount: z.optional(z.int().check(z.nonnegative())),
  }),
});
export type Invite = z.infer<typeof Invite>;
/** GET invites: the player's personal codes, oldest first. */
export const InviteListResponse = z.object({ data: z.array(Invite) });
export type InviteListResponse = z.infer<typeof InviteListResponse>;

/** POST invite_click_counts: a visitor opened an invite link (`/?code=CODE`). */
export const InviteClickRequest = z.strictObject({
  invite_code: InviteCode,
  /** A random id the device keeps (UUID): a device counts once per invite. */
  device_id: z.optional(z.uuid()),
});
export type InviteClickRequest = z.infer<typeof InviteClickRequest>;
export const InviteClickResponse = z.object({ message: z.string() });

// ---- clicks --------------------------------------------------------------------------------

export const CLICK_EVENTS = [
  'question_skipped',
  'black_button_click',
  'my_winnings_viewed',
  'gift_card_selected',
  'has_problem_click',
  'players_viewed',
  'players_invite_clicked',
  'what_i_like_clicked',
  'questionnaire_skipped',
  'tell_us_more_clicked',
  /** 'Win MORE' (spec section 9): the What I Like button under 'Win more of what you like'. */
  'win_more_clicked',
] as const;
export const ClickEventName = z.enum(CLICK_EVENTS);
export type ClickEventName = z.infer<typeof ClickEventName>;

export const METADATA_MAX_DEPTH = 5;
export const METADATA_MAX_BYTES = 4096;

/**
 * Whether a parsed JSON value nests at most `depth` levels. It stops at the first level too
 * deep, so a hostile body cannot exhaust the stack here or in the database.
 */
function nestsAtMost(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (depth === 0) return false;
  const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
  return children.every((child) => nestsAtMost(child, depth - 1));
}

/** Whether every key and string in a (shallow) JSON value is storable text. */
function holdsStorableText(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) return value.every(holdsStorableText);
  return Object.entries(value).every(
    ([key, child]) => isStorableText(key) && holdsStorableText(child),
  );
}

/** Free-form analytics details: small, shallow JSON, stored as jsonb. */
export const ClickMetadata = z.record(text(), z.unknown()).check(
  // Each check runs only on what passed the one before: a deep value is never walked whole.
  z.refine((metadata) => nestsAtMost(metadata, METADATA_MAX_DEPTH), {
    error: `Metadata nests at most ${METADATA_MAX_DEPTH} levels`,
    abort: true,
  }),
  z.refine(holdsStorableText, { error: UNSTORABLE_TEXT_DETAIL, abort: true }),
  z.refine(
    (metadata) => new TextEncoder().encode(JSON.stringify(metadata)).length <= METADATA_MAX_BYTES,
    `Metadata is at most ${METADATA_MAX_BYTES} bytes`,
  ),
);

/** POST clicks: one analytics event of a signed-in player. */
export const ClickRequest = z.strictObject({
  click: z.strictObject({
    event_name: ClickEventName,
    page_url: text().check(z.maxLength(2048)),
    metadata: z._default(ClickMetadata, {}),
  }),
});
export type ClickRequest = z.input<typeof ClickRequest>;
export const ClickResponse = z.object({ message: z.string() });

// ---- app configuration and health ----------------------------------------------------------

/** GET app_config: public settings the app shows (legal pages, feature flags). */
export const AppConfigResponse = z.object({
  operator_name: z.string(),
  contact_email: z.string(),
  features: z.object({
    players: z.boolean(),
    tell_us_more: z.boolean(),
    /** FEATURE_FINAL_TEST: every signed-in route shows the final-test page. */
    final_test: z.boolean(),
    /** DEMO_MODE: the drawer offers 'Reset demo' (POST demo/reset). */
    demo: z.boolean(),
  }),
});
export type AppConfigResponse = z.infer<typeof AppConfigResponse>;

/** GET health: 200 once the database answers, 503 otherwise. */
export const HealthResponse = z.object({ status: z.enum(['ok', 'unavailable']) });

/** Paths below API_BASE, written once for the server's routes and the client's calls. */
export const PATHS = {
  registrations: 'users/registrations',
  registration: (id: string) => `users/registrations/${id}`,
  requestCode: 'users/request_code',
  verifyCode: 'users/verify_code',
  logout: 'users/logout',
  validateInvite: 'invites/validate',
  invites: 'invites',
  inviteClickCounts: 'invite_click_counts',
  clicks: 'clicks',
  analytics: 'analytics',
  demoReset: 'demo/reset',
  appConfig: 'app_config',
  health: 'health',
} as const;

// ---- draws (DESIGN section 2) --------------------------------------------------------------

export const DrawStatus = z.enum(['open', 'closed']);

/** The public record of a draw: anyone can recompute the winner from it once it is closed. */
export const PublicDraw = z.object({
  id: z.int(),
  status: DrawStatus,
  opens_at: z.string(),
  closes_at: z.string(),
  /** sha256(seed), hex, published when the draw opens. */
  commitment: z.string(),
  /** The 32-byte seed, hex; null while the draw is open. */
  seed: z.nullable(z.string()),
  /**
   * N, the entries of the draw. While it is open the count may lag by about a second (entries
   * taken by other server instances); once it is closed it is final.
   */
  entries_count: z.int().check(z.nonnegative()),
  /** Hash chain over the entry ids in id order, hex; null while open. */
  entries_digest: z.nullable(z.string()),
  winning_entry_id: z.nullable(z.int()),
  /** Present when the request carries a session: the ids of that player's entries. */
  my_entry_ids: z.optional(z.array(z.int())),
});
export type PublicDraw = z.infer<typeof PublicDraw>;

export const DrawIdParams = z.strictObject({ id: numericId(MAX_INT4, 'Unknown draw') });
export const DrawListQuery = z.strictObject({
  /** Only draws with a smaller id (the next page, newest first). */
  before: z.optional(numericId(MAX_INT4)),
  limit: z.optional(decimalInteger(1, 100)),
  /**
   * `mine=true` (signed in, else 401): only the closed draws the player entered, each with
   * `my_entry_ids`, so the winnings drawer can link each to its record and check it.
   */
  mine: z.optional(z.enum(['true'], { error: "mine can only be 'true'" })),
});
/** GET draws: newest first. */
export const DrawListResponse = z.object({ data: z.array(PublicDraw) });
export type DrawListResponse = z.infer<typeof DrawListResponse>;
/** GET draws/current and GET draws/{id}. */
export const DrawResponse = z.object({ data: PublicDraw });
export type DrawResponse = z.infer<typeof DrawResponse>;

export const MAX_ENTRY_ID_PAGE = 10_000;
export const DrawEntryIdsQuery = z.strictObject({
  /** Only ids above this one (the next page, in id order). */
  after: z.optional(decimalInteger(0, Number.MAX_SAFE_INTEGER)),
  limit: z.optional(decimalInteger(1, MAX_ENTRY_ID_PAGE)),
});
/**
 * GET draws/{id}/entry_ids, once the draw is closed (409 while open): every entry id in id
 * order, the list `entries_digest` chains, page by page; `next_after` is null on the last page.
 */
export const DrawEntryIdsResponse = z.object({
  data: z.array(z.int()),
  next_after: z.nullable(z.int()),
});
export type DrawEntryIdsResponse = z.infer<typeof DrawEntryIdsResponse>;

export const EntrySource = z.enum(['button', 'wallet']);
export const DrawEntry = z.object({
  /** Numeric: the skip call needs it (spec section 5). */
  id: z.int(),
  draw_id: z.int(),
  source: EntrySource,
  created_at: z.string(),
  /** In the press's answer: whole seconds until the entry's draw closes, for the countdown. */
  draw_time_left: z.optional(z.int().check(z.nonnegative())),
  /** The same to the millisecond: whole seconds, rounded up, would end the countdown late. */
  draw_time_left_ms: z.optional(z.int().check(z.nonnegative())),
});
export type DrawEntry = z.infer<typeof DrawEntry>;

/** POST draw_entries: the press. Idempotent per player and draw (201 new, 200 existing). */
export const CreateDrawEntryRequest = z.strictObject({});
export const DrawEntryResponse = z.object({ data: DrawEntry });
export type DrawEntryResponse = z.infer<typeof DrawEntryResponse>;

/** GET questionnaires/get_timer (spec section 3, DESIGN section 2). */
export const TimerResponse = z.object({
  cycle_finished: z.boolean(),
  time_left: z.int().check(z.nonnegative()),
  /** `time_left` to the millisecond, so the countdown reaches 0:00 as the draw closes. */
  time_left_ms: z.optional(z.int().check(z.nonnegative())),
  cycle_time: z.int().check(z.positive()),
  show_tell_us_more: z.boolean(),
});
export type TimerResponse = z.infer<typeof TimerResponse>;

// ---- wallet --------------------------------------------------------------------------------

/** GET wallet: tickets held (the welcome ticket, token rewards) and this draw's entries. */
export const WalletResponse = z.object({
  data: z.object({
    tickets: z.int().check(z.nonnegative()),
    current_draw_id: z.int(),
    entries_in_current_draw: z.int().check(z.nonnegative()),
  }),
});
export type WalletResponse = z.infer<typeof WalletResponse>;

/** POST wallet/entries: spends `count` tickets on the open draw, each ticket once. */
export const WalletEntriesRequest = z.strictObject({
  count: z.int('Count must be a whole number').check(z.minimum(1, 'Enter at least one ticket')),
});
export type WalletEntriesRequest = z.infer<typeof WalletEntriesRequest>;
export const WalletEntriesResponse = z.object({
  data: z.object({ entries: z.array(DrawEntry), tickets: z.int().check(z.nonnegative()) }),
});
export type WalletEntriesResponse = z.infer<typeof WalletEntriesResponse>;

// ---- rewards and grand prizes --------------------------------------------------------------

export const Reward = z.object({
  id: z.string(),
  type: z.enum(['token_reward', 'coupon_reward']),
  attributes: z.object({
    value: z.number(),
    coupon_type: z.optional(z.nullable(z.string())),
    image_link: z.optional(z.nullable(z.string())),
    link: z.optional(z.nullable(z.string())),
    /** A coupon or a gift card (the branded ones play longer); null for tickets. */
    kind: z.optional(z.nullable(z.enum(['coupon', 'gift_card']))),
    /** A coupon the player has claimed (its message was shown). */
    claimed: z.optional(z.boolean()),
    /**
     * Once claimed: what the player needs to use it (the code, or how it is delivered), and the
     * code alone where the offer has one ('Copy code' only then).
     */
    claim_message: z.optional(z.nullable(z.string())),
    code: z.optional(z.nullable(z.string())),
    /**
     * Shown on /rewards already (POST rewards says it of each reward of the entry, so the app
     * plays the others without asking GET rewards; GET rewards lists only those not shown).
     */
    played_back: z.optional(z.boolean()),
  }),
});
export type Reward = z.infer<typeof Reward>;
/** GET rewards: the player's rewards not yet played back. */
export const RewardListResponse = z.object({ data: z.array(Reward) });
export type RewardListResponse = z.infer<typeof RewardListResponse>;

export const GrandPrize = z.object({
  id: z.string(),
  draw_id: z.int(),
  additional_info: z.object({ prize_amount: z.int().check(z.nonnegative()) }),
  cashier_check: z.nullable(z.object({ name: z.string(), address: z.string() })),
  claimed: z.boolean(),
  created_at: z.string(),
  /** How the winner asked to be paid ('PayPal', 'Venmo', 'Virtual Visa'); null until claimed. */
  payment_method: z.optional(z.nullable(z.string())),
  /** The operator has paid the claim (`npm run ops -- payouts paid ID`). */
  paid: z.optional(z.boolean()),
});
export type GrandPrize = z.infer<typeof GrandPrize>;
/** GET grand_prizes: the player's cash prizes, newest first. */
export const GrandPrizeListResponse = z.object({ data: z.array(GrandPrize) });
export type GrandPrizeListResponse = z.infer<typeof GrandPrizeListResponse>;

/** GET draw_entries/{id} and GET grand_prizes/{id}: the player's own; anyone else's is 404. */
export const DrawEntryIdParams = z.strictObject({
  id: numericId(Number.MAX_SAFE_INTEGER, 'Unknown entry'),
});
export const GrandPrizeIdParams = z.strictObject({ id: text() });
export const GrandPrizeResponse = z.object({ data: GrandPrize });
export type GrandPrizeResponse = z.infer<typeof GrandPrizeResponse>;

export const DRAW_PATHS = {
  draws: 'draws',
  currentDraw: 'draws/current',
  draw: (id: number) => `draws/${id}`,
  drawEntryIds: (id: number) => `draws/${id}/entry_ids`,
  drawEntries: 'draw_entries',
  drawEntry: (id: number) => `draw_entries/${id}`,
  grandPrize: (id: string) => `grand_prizes/${id}`,
  timer: 'questionnaires/get_timer',
  wallet: 'wallet',
  walletEntries: 'wallet/entries',
  rewards: 'rewards',
  grandPrizes: 'grand_prizes',
} as const;
