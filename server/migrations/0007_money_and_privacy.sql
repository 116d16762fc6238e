CREATE TABLE "contact_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "first_skip_rewards" DROP CONSTRAINT "first_skip_rewards_reward_id_rewards_id_fk";
--> statement-breakpoint
DROP INDEX "contact_messages_undelivered_idx";--> statement-breakpoint
ALTER TABLE "first_skip_rewards" ALTER COLUMN "reward_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "draw_entries" ADD COLUMN "paid_answers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "draw_entries" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "first_skip_rewards" ADD COLUMN "draw_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "referral_bonuses" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "referral_bonuses" ADD COLUMN "payment_details" text;--> statement-breakpoint
ALTER TABLE "referral_bonuses" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_replies" ADD CONSTRAINT "contact_replies_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_replies_message_idx" ON "contact_replies" USING btree ("message_id","created_at");--> statement-breakpoint
ALTER TABLE "first_skip_rewards" ADD CONSTRAINT "first_skip_rewards_draw_entry_id_draw_entries_id_fk" FOREIGN KEY ("draw_entry_id") REFERENCES "public"."draw_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_skip_rewards" ADD CONSTRAINT "first_skip_rewards_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_undelivered_idx" ON "contact_messages" USING btree ("next_attempt_at") WHERE "contact_messages"."delivered_at" is null and "contact_messages"."failed_at" is null;--> statement-breakpoint
-- What each entry's answers have been paid for so far: every whole batch earns one coupon.
UPDATE "draw_entries" e SET "paid_answers" = p.paid
FROM (SELECT "draw_entry_id", count(*)::int AS paid FROM "answers" WHERE "paid_at" IS NOT NULL GROUP BY 1) p
WHERE p."draw_entry_id" = e."id";--> statement-breakpoint
-- A player's deletion is one act (DESIGN section 4): it locks the player's row (FOR UPDATE)
-- before it erases anything, and every write of a row for a player goes through the guards
-- below, which take the player's row FOR KEY SHARE and read it afresh. A write racing the
-- deletion therefore either commits before the deletion erases (and is erased with the rest),
-- or waits for it and then finds the player deleted and fails with SQLSTATE BB001: nothing
-- written for a deleted player survives. Inserts are checked once a statement, over all the
-- players it wrote for (a batched statement writes for many), so the check costs one lookup per
-- statement rather than per row.
CREATE FUNCTION "require_live_players"(players uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  wanted integer;
  live integer;
BEGIN
  players := array_remove(players, NULL);
  wanted := cardinality(players);
  IF wanted = 0 THEN
    RETURN;
  END IF;
  SELECT count(*) INTO live FROM (
    SELECT 1 FROM "users" WHERE "id" = ANY (players) AND "deleted_at" IS NULL FOR KEY SHARE
  ) AS locked;
  IF live < wanted THEN
    RAISE EXCEPTION 'the player is deleted' USING ERRCODE = 'BB001';
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "guard_inserted_user_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "require_live_players"(ARRAY(SELECT DISTINCT "user_id" FROM "inserted"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "guard_inserted_owner_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "require_live_players"(ARRAY(SELECT DISTINCT "owner_id" FROM "inserted"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "guard_inserted_inviter_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "require_live_players"(ARRAY(SELECT DISTINCT "inviter_id" FROM "inserted"));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "guard_live_user_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "require_live_players"(ARRAY[NEW."user_id"]);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION "guard_live_inviter_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "require_live_players"(ARRAY[NEW."inviter_id"]);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "answers_live_player" AFTER INSERT ON "answers" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "guard_inserted_user_id"();--> statement-breakpoint
CREATE TRIGGER "questionnaire_skips_live_player" AFTER INSERT ON "questionnaire_skips" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "guard_inserted_user_id"();--> statement-breakpoint
CREATE TRIGGER "clicks_live_player" AFTER INSERT ON "clicks" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "guard_inserted_user_id"();--> statement-breakpoint
CREATE TRIGGER "contact_messages_live_player" AFTER INSERT ON "contact_messages" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "guard_inserted_user_id"();--> statement-breakpoint
CREATE TRIGGER "rewards_live_player" AFTER INSERT ON "rewards" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "guard_inserted_user_id"();--> statement-breakpoint
CREATE TRIGGER "wallet_tickets_live_player" AFTER INSERT ON "wallet_tickets" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "guard_inserted_user_id"();--> statement-breakpoint
CREATE TRIGGER "draw_entries_live_player" AFTER INSERT ON "draw_entries" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "guard_inserted_user_id"();--> statement-breakpoint
CREATE TRIGGER "first_skip_rewards_live_player" AFTER INSERT ON "first_skip_rewards" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "guard_inserted_user_id"();--> statement-breakpoint
CREATE TRIGGER "sessions_live_player" AFTER INSERT ON "sessions" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "guard_inserted_user_id"();--> statement-breakpoint
CREATE TRIGGER "trusted_devices_live_player" AFTER INSERT ON "trusted_devices" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "guard_inserted_user_id"();--> statement-breakpoint
CREATE TRIGGER "one_time_codes_live_player" AFTER INSERT ON "one_time_codes" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "guard_inserted_user_id"();--> statement-breakpoint
CREATE TRIGGER "phone_guards_live_player" AFTER INSERT ON "phone_guards" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "guard_inserted_user_id"();--> statement-breakpoint
CREATE TRIGGER "grand_prizes_live_player" AFTER INSERT ON "grand_prizes" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "guard_inserted_user_id"();--> statement-breakpoint
CREATE TRIGGER "invites_live_owner" AFTER INSERT ON "invites" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "guard_inserted_owner_id"();--> statement-breakpoint
CREATE TRIGGER "referral_bonuses_live_inviter" AFTER INSERT ON "referral_bonuses" REFERENCING NEW TABLE AS "inserted" FOR EACH STATEMENT EXECUTE FUNCTION "guard_inserted_inviter_id"();--> statement-breakpoint
-- A payout address is written only for a live player (a claim racing the deletion).
CREATE TRIGGER "grand_prizes_claim_live_player" BEFORE UPDATE OF "payment_details" ON "grand_prizes" FOR EACH ROW WHEN (NEW."payment_details" IS NOT NULL AND NEW."payment_details" IS DISTINCT FROM OLD."payment_details") EXECUTE FUNCTION "guard_live_user_id"();--> statement-breakpoint
CREATE TRIGGER "referral_bonuses_claim_live_inviter" BEFORE UPDATE OF "payment_details" ON "referral_bonuses" FOR EACH ROW WHEN (NEW."payment_details" IS NOT NULL AND NEW."payment_details" IS DISTINCT FROM OLD."payment_details") EXECUTE FUNCTION "guard_live_inviter_id"();
