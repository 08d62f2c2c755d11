CREATE INDEX "group_users_user" ON "group_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_trust_name" ON "groups" USING btree ("trust_id",lower("name"));--> statement-breakpoint
CREATE INDEX "job_types_trust_department" ON "job_types" USING btree ("trust_id","department_id");