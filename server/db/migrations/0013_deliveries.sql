CREATE TABLE "deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trust_id" integer NOT NULL,
	"dictation_id" integer NOT NULL,
	"role" text NOT NULL,
	"recipient" jsonb NOT NULL,
	"contact" jsonb NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"reason" text,
	"result" text,
	"message_id" text,
	"resend_of" bigint,
	"created_by" integer,
	"posted_by" integer,
	"posted_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_trust_id_trusts_id_fk" FOREIGN KEY ("trust_id") REFERENCES "public"."trusts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_dictation_id_dictations_id_fk" FOREIGN KEY ("dictation_id") REFERENCES "public"."dictations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_dictation" ON "deliveries" USING btree ("dictation_id","id");--> statement-breakpoint
CREATE INDEX "deliveries_print_queue" ON "deliveries" USING btree ("trust_id","id") WHERE status = 'printing';--> statement-breakpoint
CREATE INDEX "deliveries_resend_of" ON "deliveries" USING btree ("resend_of");