ALTER TABLE "users" ADD COLUMN "practice_won_at" timestamp with time zone;--> statement-breakpoint
UPDATE "users" SET "practice_won_at" = now() WHERE "wins" + "losses" + "draws" > 0;
