ALTER TABLE "deliveries" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deliveries_tracking" ON "deliveries" USING btree ("next_check_at") WHERE status = 'sent';--> statement-breakpoint
UPDATE "deliveries" SET "sent_at" = "delivered_at" WHERE "delivered_at" IS NOT NULL;
