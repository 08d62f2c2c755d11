CREATE TABLE "knowledge_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"trust_id" integer,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setting_values" (
	"scope" text NOT NULL,
	"scope_id" integer NOT NULL,
	"trust_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setting_values_scope_scope_id_key_pk" PRIMARY KEY("scope","scope_id","key")
);
--> statement-breakpoint
ALTER TABLE "departments" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "job_types" ADD COLUMN "qa_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_types" ADD COLUMN "outsourcing_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "job_types" ADD COLUMN "turnaround_days" integer;--> statement-breakpoint
ALTER TABLE "job_types" ADD COLUMN "cover_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "job_types" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "password_resets" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "trusts" ADD COLUMN "ods_code" text;--> statement-breakpoint
ALTER TABLE "trusts" ADD COLUMN "turnaround_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "trusts" ADD COLUMN "audio_retention_days" integer;--> statement-breakpoint
ALTER TABLE "trusts" ADD COLUMN "transcript_retention_days" integer;--> statement-breakpoint
ALTER TABLE "trusts" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_trust_id_trusts_id_fk" FOREIGN KEY ("trust_id") REFERENCES "public"."trusts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setting_values" ADD CONSTRAINT "setting_values_trust_id_trusts_id_fk" FOREIGN KEY ("trust_id") REFERENCES "public"."trusts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_articles_trust_title" ON "knowledge_articles" USING btree ("trust_id","title");--> statement-breakpoint
CREATE INDEX "knowledge_articles_search" ON "knowledge_articles" USING gin (to_tsvector('english', "title" || ' ' || "body"));--> statement-breakpoint
CREATE INDEX "setting_values_trust" ON "setting_values" USING btree ("trust_id");--> statement-breakpoint
CREATE INDEX "audit_log_trust_user_created" ON "audit_log" USING btree ("trust_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_trust_action_created" ON "audit_log" USING btree ("trust_id","action","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "departments_trust_name" ON "departments" USING btree ("trust_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "trusts_ods_code" ON "trusts" USING btree ("ods_code");--> statement-breakpoint
CREATE INDEX "users_trust_name" ON "users" USING btree ("trust_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "users_search_last" ON "users" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_search_email" ON "users" USING btree (lower("email") text_pattern_ops);