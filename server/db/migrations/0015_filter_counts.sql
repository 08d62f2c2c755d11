CREATE TABLE "dictation_filter_counts" (
	"trust_id" integer NOT NULL,
	"status" text NOT NULL,
	"department_id" integer,
	"job_type_id" integer,
	"is_mobile" boolean NOT NULL,
	"is_confidential" boolean NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dictation_filter_counts_key" UNIQUE NULLS NOT DISTINCT("trust_id","status","department_id","job_type_id","is_mobile","is_confidential")
);
--> statement-breakpoint
DROP INDEX "dictations_confidential_author";--> statement-breakpoint
DROP INDEX "dictations_confidential_creator";--> statement-breakpoint
DROP INDEX "dictations_confidential_assigned";--> statement-breakpoint
CREATE INDEX "dictations_confidential_author" ON "dictations" USING btree ("author_id","trust_id","status","department_id","job_type_id","is_mobile") WHERE is_confidential AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_confidential_creator" ON "dictations" USING btree ("created_by","trust_id","status","author_id","department_id","job_type_id","is_mobile") WHERE is_confidential AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_confidential_assigned" ON "dictations" USING btree ("assigned_to","trust_id","status","author_id","created_by","department_id","job_type_id","is_mobile") WHERE is_confidential AND deleted_at IS NULL;--> statement-breakpoint
-- Kept exact like dictation_counts (0005): statement-level triggers group each statement's changed rows
-- once and upsert them in key order, in the writer's transaction. Their names sort after
-- dictation_counts_*, so every writer locks the tab counter first, then these: one lock order.
CREATE FUNCTION "dictation_filter_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dictation_filter_counts AS c (trust_id, status, department_id, job_type_id, is_mobile, is_confidential, n)
  SELECT trust_id, status, department_id, job_type_id, is_mobile, is_confidential, count(*) FROM new_rows WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (trust_id, status, department_id, job_type_id, is_mobile, is_confidential) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dictation_filter_counts_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dictation_filter_counts AS c (trust_id, status, department_id, job_type_id, is_mobile, is_confidential, n)
  SELECT trust_id, status, department_id, job_type_id, is_mobile, is_confidential, sum(delta) FROM (
    SELECT trust_id, status, department_id, job_type_id, is_mobile, is_confidential, -1 AS delta FROM old_rows WHERE deleted_at IS NULL
    UNION ALL
    SELECT trust_id, status, department_id, job_type_id, is_mobile, is_confidential, 1 AS delta FROM new_rows WHERE deleted_at IS NULL
  ) changes
  GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (trust_id, status, department_id, job_type_id, is_mobile, is_confidential) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "dictation_filter_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dictation_filter_counts AS c (trust_id, status, department_id, job_type_id, is_mobile, is_confidential, n)
  SELECT trust_id, status, department_id, job_type_id, is_mobile, is_confidential, -count(*) FROM old_rows WHERE deleted_at IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (trust_id, status, department_id, job_type_id, is_mobile, is_confidential) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "dictation_filter_counts_insert" AFTER INSERT ON "dictations" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dictation_filter_counts_on_insert"();--> statement-breakpoint
CREATE TRIGGER "dictation_filter_counts_update" AFTER UPDATE ON "dictations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dictation_filter_counts_on_update"();--> statement-breakpoint
CREATE TRIGGER "dictation_filter_counts_delete" AFTER DELETE ON "dictations" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dictation_filter_counts_on_delete"();--> statement-breakpoint
LOCK TABLE "dictations" IN SHARE MODE;--> statement-breakpoint
INSERT INTO "dictation_filter_counts" (trust_id, status, department_id, job_type_id, is_mobile, is_confidential, n)
SELECT trust_id, status, department_id, job_type_id, is_mobile, is_confidential, count(*) FROM "dictations" WHERE deleted_at IS NULL
GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
ANALYZE "dictation_filter_counts";
