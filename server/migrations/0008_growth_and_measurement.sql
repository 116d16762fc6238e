CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"path" text NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_views_platform_known" CHECK ("page_views"."platform" in ('ios', 'android', 'other'))
);
--> statement-breakpoint
ALTER TABLE "clicks" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "invite_clicks" ADD COLUMN "device_id" uuid;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "page_views_path_day_idx" ON "page_views" USING btree ("path","created_at");--> statement-breakpoint
CREATE INDEX "page_views_user_idx" ON "page_views" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "clicks_event_day_idx" ON "clicks" USING btree ("event_name","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_clicks_once_per_device" ON "invite_clicks" USING btree ("invite_id","device_id");