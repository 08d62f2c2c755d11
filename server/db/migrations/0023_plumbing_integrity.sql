DROP INDEX "deliveries_resend_of";--> statement-breakpoint
ALTER TABLE "autotexts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text;--> statement-breakpoint
-- Two resends of one failed delivery could both have been made before (issue 22 point 8): the oldest
-- keeps the link, the others stand as deliveries of their own (their audit entries remain).
UPDATE "deliveries" SET "resend_of" = NULL WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "resend_of" ORDER BY "id") AS "n" FROM "deliveries" WHERE "resend_of" IS NOT NULL
  ) "d" WHERE "n" > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_resend_of_unique" ON "deliveries" USING btree ("resend_of");