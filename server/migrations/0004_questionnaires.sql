CREATE TABLE "answers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" integer NOT NULL,
	"draw_entry_id" bigint NOT NULL,
	"answer" boolean,
	"skipped" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "answers_skip_or_answer" CHECK ("answers"."skipped" = ("answers"."answer" is null))
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"coupon_type" text NOT NULL,
	"kind" text NOT NULL,
	"value_cents" integer NOT NULL,
	"image" text NOT NULL,
	"link" text,
	"tags" text[] NOT NULL,
	"code" text,
	"delivery_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_value_positive" CHECK ("offers"."value_cents" > 0),
	CONSTRAINT "offers_claim_message" CHECK ("offers"."code" is not null or "offers"."delivery_note" is not null)
);
--> statement-breakpoint
CREATE TABLE "questionnaire_skips" (
	"draw_entry_id" bigint PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"prompt" text NOT NULL,
	"tags" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers" ADD CONSTRAINT "answers_draw_entry_id_draw_entries_id_fk" FOREIGN KEY ("draw_entry_id") REFERENCES "public"."draw_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_skips" ADD CONSTRAINT "questionnaire_skips_draw_entry_id_draw_entries_id_fk" FOREIGN KEY ("draw_entry_id") REFERENCES "public"."draw_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_skips" ADD CONSTRAINT "questionnaire_skips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "answers_one_per_question" ON "answers" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE INDEX "answers_entry_idx" ON "answers" USING btree ("draw_entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_key_unique" ON "offers" USING btree ("key");--> statement-breakpoint
CREATE INDEX "questionnaire_skips_user_idx" ON "questionnaire_skips" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "questions_key_unique" ON "questions" USING btree ("key");