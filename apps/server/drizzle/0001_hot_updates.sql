DROP INDEX "tap_sessions_updated_idx";--> statement-breakpoint
DROP INDEX "users_leaderboard_idx";--> statement-breakpoint
-- Rows updated on every tap flush: leave room in each page so updates stay in place (HOT).
ALTER TABLE "users" SET (fillfactor = 80);--> statement-breakpoint
ALTER TABLE "tap_sessions" SET (fillfactor = 80);
