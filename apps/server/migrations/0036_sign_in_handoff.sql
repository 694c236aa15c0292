ALTER TABLE "sso_attempts" ADD COLUMN "handoff_hash" text;--> statement-breakpoint
ALTER TABLE "sso_attempts" ADD COLUMN "outcome" jsonb;--> statement-breakpoint
ALTER TABLE "sso_attempts" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "sso_attempts_handoff" ON "sso_attempts" USING btree ("tenant_id","handoff_hash");