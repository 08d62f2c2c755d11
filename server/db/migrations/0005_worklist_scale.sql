CREATE TABLE "dictation_counts" (
	"trust_id" integer NOT NULL,
	"status" text NOT NULL,
	"is_confidential" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dictation_counts_trust_id_status_is_confidential_pk" PRIMARY KEY("trust_id","status","is_confidential")
);
--> statement-breakpoint
DROP INDEX "dictations_queue";--> statement-breakpoint
DROP INDEX "dictations_queue_date";--> statement-breakpoint
DROP INDEX "dictations_queue_reference";--> statement-breakpoint
CREATE INDEX "dictations_queue_author" ON "dictations" USING btree ("trust_id",(CASE "status" WHEN 'RECEIVED' THEN 'READY_FOR_TYPING' ELSE "status" END),"author_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_confidential_author" ON "dictations" USING btree ("author_id","status") WHERE is_confidential AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_confidential_creator" ON "dictations" USING btree ("created_by","status") WHERE is_confidential AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_confidential_assigned" ON "dictations" USING btree ("assigned_to","status") WHERE is_confidential AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "users_name" ON "users" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "dictations_queue" ON "dictations" USING btree ("trust_id",(CASE "status" WHEN 'RECEIVED' THEN 'READY_FOR_TYPING' ELSE "status" END),"urgent","created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_queue_date" ON "dictations" USING btree ("trust_id",(CASE "status" WHEN 'RECEIVED' THEN 'READY_FOR_TYPING' ELSE "status" END),"created_at","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_queue_reference" ON "dictations" USING btree ("trust_id",(CASE "status" WHEN 'RECEIVED' THEN 'READY_FOR_TYPING' ELSE "status" END),"reference") WHERE deleted_at IS NULL;--> statement-breakpoint
-- dictation_counts stays exact through statement-level triggers: each statement's changed rows are
-- grouped once and applied in one ordered upsert (a consistent lock order), in the writer's transaction.
CREATE FUNCTION "dictation_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dictation_counts AS c (trust_id, status, is_confidential, n)
  SELECT trust_id, status, is_confidential, count(*) FROM new_rows WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (trust_id, status, is_confidential) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dictation_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dictation_counts AS c (trust_id, status, is_confidential, n)
  SELECT trust_id, status, is_confidential, sum(delta) FROM (
    SELECT trust_id, status, is_confidential, -1 AS delta FROM old_rows WHERE deleted_at IS NULL
    UNION ALL
    SELECT trust_id, status, is_confidential, 1 AS delta FROM new_rows WHERE deleted_at IS NULL
  ) changes
  GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT (trust_id, status, is_confidential) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dictation_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dictation_counts AS c (trust_id, status, is_confidential, n)
  SELECT trust_id, status, is_confidential, -count(*) FROM old_rows WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (trust_id, status, is_confidential) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "dictation_counts_insert" AFTER INSERT ON "dictations" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dictation_counts_on_insert"();--> statement-breakpoint
CREATE TRIGGER "dictation_counts_update" AFTER UPDATE ON "dictations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dictation_counts_on_update"();--> statement-breakpoint
CREATE TRIGGER "dictation_counts_delete" AFTER DELETE ON "dictations" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dictation_counts_on_delete"();--> statement-breakpoint
LOCK TABLE "dictations" IN SHARE MODE;--> statement-breakpoint
INSERT INTO "dictation_counts" (trust_id, status, is_confidential, n)
SELECT trust_id, status, is_confidential, count(*) FROM "dictations" WHERE deleted_at IS NULL GROUP BY 1, 2, 3;
--> statement-breakpoint
-- The planner's estimate for a tab (expression statistics: a partial index's expression has none).
CREATE STATISTICS "dictations_queue_tab" ON (CASE "status" WHEN 'RECEIVED' THEN 'READY_FOR_TYPING' ELSE "status" END) FROM "dictations";--> statement-breakpoint
ANALYZE "dictations";--> statement-breakpoint
ANALYZE "users";
