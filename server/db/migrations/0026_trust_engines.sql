CREATE TABLE "trust_engines" (
	"trust_id" integer NOT NULL,
	"kind" text NOT NULL,
	"base_url" text,
	"model" text,
	"api_key_ciphertext" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trust_engines_trust_id_kind_pk" PRIMARY KEY("trust_id","kind")
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "pin_lifetime_minutes" integer;--> statement-breakpoint
ALTER TABLE "trust_engines" ADD CONSTRAINT "trust_engines_trust_id_trusts_id_fk" FOREIGN KEY ("trust_id") REFERENCES "public"."trusts"("id") ON DELETE no action ON UPDATE no action;