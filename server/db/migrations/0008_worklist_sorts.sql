DROP INDEX "dictations_author_queue";--> statement-breakpoint
DROP INDEX "dictations_assigned_queue";--> statement-breakpoint
DROP INDEX "dictations_confidential_author";--> statement-breakpoint
DROP INDEX "dictations_confidential_creator";--> statement-breakpoint
DROP INDEX "dictations_confidential_assigned";--> statement-breakpoint
CREATE INDEX "dictation_audio_duration" ON "dictation_audio" USING btree ("duration_ms","dictation_id");--> statement-breakpoint
CREATE INDEX "dictations_queue_department" ON "dictations" USING btree ("trust_id",(CASE "status" WHEN 'RECEIVED' THEN 'READY_FOR_TYPING' ELSE "status" END),"department_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_queue_job_type" ON "dictations" USING btree ("trust_id",(CASE "status" WHEN 'RECEIVED' THEN 'READY_FOR_TYPING' ELSE "status" END),"job_type_id","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_own_author" ON "dictations" USING btree ("author_id","trust_id","status","urgent","created_at","department_id","job_type_id","is_mobile","created_by","assigned_to","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_own_creator" ON "dictations" USING btree ("created_by","trust_id","status","urgent","created_at","department_id","job_type_id","is_mobile","author_id","assigned_to","id") WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_own_assignee" ON "dictations" USING btree ("assigned_to","trust_id","status","urgent","created_at","department_id","job_type_id","is_mobile","author_id","created_by","id") WHERE deleted_at IS NULL AND assigned_to IS NOT NULL;--> statement-breakpoint
CREATE INDEX "dictations_confidential_author" ON "dictations" USING btree ("author_id","trust_id","status") WHERE is_confidential AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_confidential_creator" ON "dictations" USING btree ("created_by","trust_id","status","author_id") WHERE is_confidential AND deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX "dictations_confidential_assigned" ON "dictations" USING btree ("assigned_to","trust_id","status","author_id","created_by") WHERE is_confidential AND deleted_at IS NULL;