ALTER TABLE "battles" ADD COLUMN "host_node" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "content" "bytea";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "owner_epoch" bigint DEFAULT 0 NOT NULL;