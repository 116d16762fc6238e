CREATE TABLE "first_skip_rewards" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reward_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answers" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "offer_id" integer;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "value_cents" integer;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "first_skip_rewards" ADD CONSTRAINT "first_skip_rewards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_skip_rewards" ADD CONSTRAINT "first_skip_rewards_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;