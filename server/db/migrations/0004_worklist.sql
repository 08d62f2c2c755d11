ALTER TABLE "dictations" ADD COLUMN "secretarial_cover" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dictations" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dictations" ADD COLUMN "deleted_by" integer;--> statement-breakpoint
ALTER TABLE "dictations" ADD CONSTRAINT "dictations_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dictations_queue" ON "dictations" USING btree ("trust_id","status","urgent","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_queue_date" ON "dictations" USING btree ("trust_id","status","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_queue_reference" ON "dictations" USING btree ("trust_id","status","reference") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_author_queue" ON "dictations" USING btree ("author_id","status","created_at") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_assigned_queue" ON "dictations" USING btree ("assigned_to","status","created_at") WHERE deleted_at IS NULL;