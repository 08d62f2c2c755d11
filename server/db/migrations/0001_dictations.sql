CREATE TABLE "dictation_audio" (
	"dictation_id" integer PRIMARY KEY NOT NULL,
	"original_filename" text NOT NULL,
	"mime_type" text,
	"filesize" bigint NOT NULL,
	"original_key" text NOT NULL,
	"playable_key" text,
	"state" text NOT NULL,
	"message" text,
	"duration_ms" integer,
	"peaks" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictation_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dictation_id" integer NOT NULL,
	"user_id" integer,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictations" (
	"id" serial PRIMARY KEY NOT NULL,
	"trust_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"created_by" integer NOT NULL,
	"client_id" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"urgent" text DEFAULT 'STANDARD' NOT NULL,
	"is_confidential" boolean DEFAULT false NOT NULL,
	"is_mobile" boolean DEFAULT false NOT NULL,
	"is_resend" boolean DEFAULT false NOT NULL,
	"sr" text,
	"department_id" integer,
	"job_type_id" integer,
	"assigned_to" integer,
	"patient" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_types" ADD COLUMN "custom_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dictation_audio" ADD CONSTRAINT "dictation_audio_dictation_id_dictations_id_fk" FOREIGN KEY ("dictation_id") REFERENCES "public"."dictations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictation_logs" ADD CONSTRAINT "dictation_logs_dictation_id_dictations_id_fk" FOREIGN KEY ("dictation_id") REFERENCES "public"."dictations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictation_logs" ADD CONSTRAINT "dictation_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictations" ADD CONSTRAINT "dictations_trust_id_trusts_id_fk" FOREIGN KEY ("trust_id") REFERENCES "public"."trusts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictations" ADD CONSTRAINT "dictations_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictations" ADD CONSTRAINT "dictations_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictations" ADD CONSTRAINT "dictations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictations" ADD CONSTRAINT "dictations_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictations" ADD CONSTRAINT "dictations_job_type_id_job_types_id_fk" FOREIGN KEY ("job_type_id") REFERENCES "public"."job_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictations" ADD CONSTRAINT "dictations_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dictations_client" ON "dictations" USING btree ("created_by","client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dictations_reference" ON "dictations" USING btree ("trust_id","reference");--> statement-breakpoint
CREATE INDEX "dictations_trust_status" ON "dictations" USING btree ("trust_id","status");--> statement-breakpoint
CREATE INDEX "jobs_ready" ON "jobs" USING btree ("state","run_at");