CREATE TABLE "asset_report_attempts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"address_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_report_attempts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "asset_report_attempts_address" ON "asset_report_attempts" USING btree ("tenant_id","address_hash","created_at");--> statement-breakpoint
CREATE INDEX "asset_report_attempts_asset" ON "asset_report_attempts" USING btree ("tenant_id","asset_id","created_at");