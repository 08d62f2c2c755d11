CREATE TABLE "dictation_attachments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dictation_id" integer NOT NULL,
	"trust_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"filesize" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "dictation_views" (
	"dictation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"first_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dictation_views_dictation_id_user_id_pk" PRIMARY KEY("dictation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "outsourcing_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"trust_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dictations" ADD COLUMN "outsourcing_pool_id" integer;--> statement-breakpoint
ALTER TABLE "dictations" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "job_types" ADD COLUMN "qa_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "approval" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "job_title" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registration_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "qa_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "outsourcing_pool_id" integer;--> statement-breakpoint
ALTER TABLE "dictation_attachments" ADD CONSTRAINT "dictation_attachments_dictation_id_dictations_id_fk" FOREIGN KEY ("dictation_id") REFERENCES "public"."dictations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictation_attachments" ADD CONSTRAINT "dictation_attachments_trust_id_trusts_id_fk" FOREIGN KEY ("trust_id") REFERENCES "public"."trusts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictation_attachments" ADD CONSTRAINT "dictation_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictation_views" ADD CONSTRAINT "dictation_views_dictation_id_dictations_id_fk" FOREIGN KEY ("dictation_id") REFERENCES "public"."dictations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictation_views" ADD CONSTRAINT "dictation_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsourcing_pools" ADD CONSTRAINT "outsourcing_pools_trust_id_trusts_id_fk" FOREIGN KEY ("trust_id") REFERENCES "public"."trusts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dictation_attachments_dictation" ON "dictation_attachments" USING btree ("dictation_id","created_at");--> statement-breakpoint
CREATE INDEX "dictations_outsourcing_pool" ON "dictations" USING btree ("outsourcing_pool_id","status","created_at","id") WHERE outsourcing_pool_id IS NOT NULL AND deleted_at IS NULL;