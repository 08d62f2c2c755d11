CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"trust_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"clinic_code" text,
	"referrer_code" text,
	"referrer_first_name" text,
	"referrer_last_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "autotexts" (
	"id" serial PRIMARY KEY NOT NULL,
	"trust_id" integer NOT NULL,
	"scope" text NOT NULL,
	"department_id" integer,
	"user_id" integer,
	"shortcut" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dictation_comments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dictation_id" integer NOT NULL,
	"user_id" integer,
	"comments" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letter_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dictation_id" integer NOT NULL,
	"version" integer NOT NULL,
	"kind" text NOT NULL,
	"doc" jsonb NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letters" (
	"dictation_id" integer PRIMARY KEY NOT NULL,
	"trust_id" integer NOT NULL,
	"doc" jsonb NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"trust_id" integer NOT NULL,
	"nhs_number" text,
	"mrn" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birthdate" text NOT NULL,
	"gender" text,
	"email" text,
	"address" jsonb,
	"gp" jsonb,
	"next_of_kin" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dictations" ADD COLUMN "appointment" jsonb;--> statement-breakpoint
ALTER TABLE "job_types" ADD COLUMN "template" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_trust_id_trusts_id_fk" FOREIGN KEY ("trust_id") REFERENCES "public"."trusts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotexts" ADD CONSTRAINT "autotexts_trust_id_trusts_id_fk" FOREIGN KEY ("trust_id") REFERENCES "public"."trusts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotexts" ADD CONSTRAINT "autotexts_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotexts" ADD CONSTRAINT "autotexts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autotexts" ADD CONSTRAINT "autotexts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictation_comments" ADD CONSTRAINT "dictation_comments_dictation_id_dictations_id_fk" FOREIGN KEY ("dictation_id") REFERENCES "public"."dictations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dictation_comments" ADD CONSTRAINT "dictation_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_versions" ADD CONSTRAINT "letter_versions_dictation_id_dictations_id_fk" FOREIGN KEY ("dictation_id") REFERENCES "public"."dictations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_versions" ADD CONSTRAINT "letter_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_dictation_id_dictations_id_fk" FOREIGN KEY ("dictation_id") REFERENCES "public"."dictations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_trust_id_trusts_id_fk" FOREIGN KEY ("trust_id") REFERENCES "public"."trusts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_trust_id_trusts_id_fk" FOREIGN KEY ("trust_id") REFERENCES "public"."trusts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_patient" ON "appointments" USING btree ("patient_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "autotexts_scope_shortcut" ON "autotexts" USING btree ("trust_id","scope",coalesce("department_id", 0),coalesce("user_id", 0),lower("shortcut"));--> statement-breakpoint
CREATE INDEX "dictation_comments_dictation" ON "dictation_comments" USING btree ("dictation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "letter_versions_dictation_version" ON "letter_versions" USING btree ("dictation_id","version");--> statement-breakpoint
CREATE INDEX "patients_nhs" ON "patients" USING btree ("trust_id","nhs_number");--> statement-breakpoint
CREATE INDEX "patients_mrn" ON "patients" USING btree ("trust_id","mrn");--> statement-breakpoint
CREATE INDEX "patients_name_dob" ON "patients" USING btree ("trust_id",lower("last_name"),"birthdate");