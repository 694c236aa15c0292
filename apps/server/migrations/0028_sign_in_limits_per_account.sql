DROP INDEX "sign_in_failures_email_at";--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "tenant" uuid;--> statement-breakpoint
ALTER TABLE "sign_in_failures" ADD COLUMN "device" text;--> statement-breakpoint
CREATE INDEX "sign_in_failures_account_at" ON "sign_in_failures" USING btree ("tenant","email","at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_device_at" ON "sign_in_failures" USING btree ("device","at") WHERE device IS NOT NULL;