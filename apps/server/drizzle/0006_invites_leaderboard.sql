CREATE TABLE "leaderboard_ranks_a" (
	"rank" integer PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"username" text NOT NULL,
	"profile_picture" text NOT NULL,
	"coins" bigint NOT NULL,
	"referral_earnings" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_ranks_b" (
	"rank" integer PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"username" text NOT NULL,
	"profile_picture" text NOT NULL,
	"coins" bigint NOT NULL,
	"referral_earnings" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leaderboard_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"active" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referral_earnings" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboard_ranks_a_user_key" ON "leaderboard_ranks_a" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leaderboard_ranks_b_user_key" ON "leaderboard_ranks_b" USING btree ("user_id");--> statement-breakpoint
-- Snapshots are derived from users and rebuilt at start-up: no WAL for them (decisions: D-LB-1).
ALTER TABLE "leaderboard_ranks_a" SET UNLOGGED;--> statement-breakpoint
ALTER TABLE "leaderboard_ranks_b" SET UNLOGGED;--> statement-breakpoint
INSERT INTO "leaderboard_state" ("id", "active", "total") VALUES (1, 'a', 0) ON CONFLICT DO NOTHING;
