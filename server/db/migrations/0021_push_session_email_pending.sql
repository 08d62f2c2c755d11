ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" integer;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_email_pending" ON "notifications" USING btree ("user_id","id") WHERE emailed_at IS NULL AND read_at IS NULL;--> statement-breakpoint
CREATE INDEX "push_subscriptions_session" ON "push_subscriptions" USING btree ("session_id");