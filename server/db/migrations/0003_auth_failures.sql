CREATE TABLE "auth_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Lockouts in force carry over to the new table before the old columns go.
INSERT INTO "auth_failures" ("key", "failures", "locked_until")
SELECT 'login:' || lower("email"), "login_failures", "locked_until" FROM "users" WHERE "login_failures" > 0 OR "locked_until" > now()
UNION ALL
SELECT 'pin:' || "id", "pin_failures", "pin_locked_until" FROM "users" WHERE "pin_failures" > 0 OR "pin_locked_until" > now();--> statement-breakpoint
-- One live reset link per user: only the newest outstanding one stays usable.
UPDATE "password_resets" AS r SET "used_at" = now()
WHERE r."used_at" IS NULL AND EXISTS (
	SELECT 1 FROM "password_resets" AS n
	WHERE n."user_id" = r."user_id" AND n."used_at" IS NULL AND (n."created_at", n."token_hash") > (r."created_at", r."token_hash")
);--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_live_user" ON "password_resets" USING btree ("user_id") WHERE "password_resets"."used_at" IS NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "pin_failures";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "pin_locked_until";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "login_failures";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";
