CREATE TABLE "stuck_alarms" (
	"dictation_id" integer PRIMARY KEY NOT NULL,
	"trust_id" integer NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stuck_digests" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stuck_alarms" ADD CONSTRAINT "stuck_alarms_dictation_id_dictations_id_fk" FOREIGN KEY ("dictation_id") REFERENCES "public"."dictations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stuck_alarms" ADD CONSTRAINT "stuck_alarms_trust_id_trusts_id_fk" FOREIGN KEY ("trust_id") REFERENCES "public"."trusts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stuck_digests" ADD CONSTRAINT "stuck_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_outstanding" ON "deliveries" USING btree ("dictation_id") WHERE status NOT IN ('delivered', 'posted');