CREATE TABLE "draw_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"draw_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draw_entries_source_known" CHECK ("draw_entries"."source" in ('button', 'wallet'))
);
--> statement-breakpoint
CREATE TABLE "draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"seed" text NOT NULL,
	"commitment" text NOT NULL,
	"entries_count" integer,
	"entries_digest" text,
	"winning_entry_id" bigint,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draws_status_known" CHECK ("draws"."status" in ('open', 'closed')),
	CONSTRAINT "draws_window_ordered" CHECK ("draws"."opens_at" < "draws"."closes_at")
);
--> statement-breakpoint
CREATE TABLE "grand_prizes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"draw_id" integer NOT NULL,
	"draw_entry_id" bigint NOT NULL,
	"prize_amount" integer NOT NULL,
	"cashier_check_name" text,
	"cashier_check_address" text,
	"payment_method" text,
	"claimed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_bonuses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inviter_id" uuid NOT NULL,
	"winner_id" uuid NOT NULL,
	"grand_prize_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"coupon_type" text,
	"image_link" text,
	"link" text,
	"draw_entry_id" bigint,
	"played_back" boolean DEFAULT false NOT NULL,
	"claimed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"reward_id" uuid,
	"spent_at" timestamp with time zone,
	"draw_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_tickets_spent_on_entry" CHECK (("wallet_tickets"."spent_at" is null) = ("wallet_tickets"."draw_entry_id" is null))
);
--> statement-breakpoint
ALTER TABLE "draw_entries" ADD CONSTRAINT "draw_entries_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_entries" ADD CONSTRAINT "draw_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grand_prizes" ADD CONSTRAINT "grand_prizes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grand_prizes" ADD CONSTRAINT "grand_prizes_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grand_prizes" ADD CONSTRAINT "grand_prizes_draw_entry_id_draw_entries_id_fk" FOREIGN KEY ("draw_entry_id") REFERENCES "public"."draw_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_bonuses" ADD CONSTRAINT "referral_bonuses_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_bonuses" ADD CONSTRAINT "referral_bonuses_winner_id_users_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_bonuses" ADD CONSTRAINT "referral_bonuses_grand_prize_id_grand_prizes_id_fk" FOREIGN KEY ("grand_prize_id") REFERENCES "public"."grand_prizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_draw_entry_id_draw_entries_id_fk" FOREIGN KEY ("draw_entry_id") REFERENCES "public"."draw_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_tickets" ADD CONSTRAINT "wallet_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_tickets" ADD CONSTRAINT "wallet_tickets_draw_entry_id_draw_entries_id_fk" FOREIGN KEY ("draw_entry_id") REFERENCES "public"."draw_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draw_entries_one_press" ON "draw_entries" USING btree ("draw_id","user_id") WHERE "draw_entries"."source" = 'button';--> statement-breakpoint
CREATE INDEX "draw_entries_draw_idx" ON "draw_entries" USING btree ("draw_id","id");--> statement-breakpoint
CREATE INDEX "draw_entries_user_idx" ON "draw_entries" USING btree ("user_id","draw_id");--> statement-breakpoint
CREATE UNIQUE INDEX "draws_one_open" ON "draws" USING btree ("status") WHERE "draws"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "grand_prizes_draw_unique" ON "grand_prizes" USING btree ("draw_id");--> statement-breakpoint
CREATE INDEX "grand_prizes_user_idx" ON "grand_prizes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_bonuses_prize_unique" ON "referral_bonuses" USING btree ("grand_prize_id");--> statement-breakpoint
CREATE INDEX "referral_bonuses_inviter_idx" ON "referral_bonuses" USING btree ("inviter_id");--> statement-breakpoint
CREATE INDEX "rewards_user_idx" ON "rewards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wallet_tickets_unspent_idx" ON "wallet_tickets" USING btree ("user_id","id") WHERE "wallet_tickets"."spent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_tickets_entry_unique" ON "wallet_tickets" USING btree ("draw_entry_id");