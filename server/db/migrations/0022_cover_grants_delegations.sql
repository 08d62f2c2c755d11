CREATE TABLE "approval_delegations" (
	"id" serial PRIMARY KEY NOT NULL,
	"trust_id" integer NOT NULL,
	"delegate_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"set_by" integer NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer
);
--> statement-breakpoint
ALTER TABLE "dictations" ADD COLUMN "secretarial_cover_by" integer;--> statement-breakpoint
ALTER TABLE "dictations" ADD COLUMN "secretarial_cover_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_trust_id_trusts_id_fk" FOREIGN KEY ("trust_id") REFERENCES "public"."trusts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_delegate_id_users_id_fk" FOREIGN KEY ("delegate_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_delegations" ADD CONSTRAINT "approval_delegations_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_delegations_live" ON "approval_delegations" USING btree ("delegate_id","author_id") WHERE revoked_at IS NULL;--> statement-breakpoint
CREATE INDEX "approval_delegations_trust" ON "approval_delegations" USING btree ("trust_id","set_at");--> statement-breakpoint
ALTER TABLE "dictations" ADD CONSTRAINT "dictations_secretarial_cover_by_users_id_fk" FOREIGN KEY ("secretarial_cover_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Issue 22: secretarial cover is the author's to give. A cover set by the author's own hand-back keeps
-- its grant (who, when: the latest such hand-back); any other cover on a letter not yet approved was not
-- the author's and is withdrawn. Approved letters keep their flag as history.
UPDATE "dictations" AS d SET "secretarial_cover_by" = d."author_id", "secretarial_cover_at" = l."created_at"
FROM (
  SELECT DISTINCT ON ("dictation_id") "dictation_id", "user_id", "created_at"
  FROM "dictation_logs"
  WHERE "type" = 'status' AND "description" = 'Handed back to the author'
  ORDER BY "dictation_id", "created_at" DESC, "id" DESC
) AS l
WHERE l."dictation_id" = d."id" AND d."secretarial_cover" AND l."user_id" = d."author_id";--> statement-breakpoint
UPDATE "dictations" SET "secretarial_cover" = false
WHERE "secretarial_cover" AND "secretarial_cover_by" IS NULL AND "status" NOT IN ('MANUAL_DISTRIBUTION', 'SENT');
