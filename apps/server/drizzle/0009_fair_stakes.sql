ALTER TABLE "ad_views" ADD COLUMN "purpose" text DEFAULT 'play' NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_views" ADD COLUMN "battle_id" uuid;--> statement-breakpoint
ALTER TABLE "battles" ADD COLUMN "entry" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "anomaly" jsonb;