CREATE TABLE "reminder_control" (
	"id" integer PRIMARY KEY NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"chat_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"occurrence_key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"leased_by" text,
	"sent_at" timestamp with time zone,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"allowed" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"energy_full" boolean DEFAULT true NOT NULL,
	"daily_ready" boolean DEFAULT true NOT NULL,
	"friend_joined" boolean DEFAULT true NOT NULL,
	"rematch" boolean DEFAULT true NOT NULL,
	"utc_offset_minutes" integer,
	"time_zone" text,
	"unreachable_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_outbox" ADD CONSTRAINT "reminder_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_outbox_occurrence_key" ON "reminder_outbox" USING btree ("occurrence_key");--> statement-breakpoint
CREATE INDEX "reminder_outbox_due_idx" ON "reminder_outbox" USING btree ("due_at") WHERE "reminder_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reminder_outbox_user_idx" ON "reminder_outbox" USING btree ("user_id","sent_at");