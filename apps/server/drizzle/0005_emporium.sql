CREATE TABLE "booster_activations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" text NOT NULL,
	"user_item_id" uuid NOT NULL,
	"effects" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booster_activations" ADD CONSTRAINT "booster_activations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booster_activations" ADD CONSTRAINT "booster_activations_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booster_activations" ADD CONSTRAINT "booster_activations_user_item_id_user_items_id_fk" FOREIGN KEY ("user_item_id") REFERENCES "public"."user_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booster_activations_user_idx" ON "booster_activations" USING btree ("user_id","ends_at");--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_sold_within_stock" CHECK ("items"."stock" is null or "items"."sold" <= "items"."stock");