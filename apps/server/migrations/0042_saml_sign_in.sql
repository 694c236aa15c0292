CREATE TABLE "saml_assertions" (
	"tenant_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saml_assertions_tenant_id_provider_id_assertion_id_pk" PRIMARY KEY("tenant_id","provider_id","assertion_id")
);
--> statement-breakpoint
ALTER TABLE "asset_maintenances" ADD COLUMN "source_execution_id" uuid;--> statement-breakpoint
ALTER TABLE "asset_maintenances" ADD COLUMN "source_field_key" text;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD COLUMN "saml" jsonb;--> statement-breakpoint
ALTER TABLE "sso_attempts" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "checklist_executions" ADD COLUMN "asset_id" uuid;--> statement-breakpoint
CREATE INDEX "saml_assertions_expiry" ON "saml_assertions" USING btree ("tenant_id","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_maintenances_inspection" ON "asset_maintenances" USING btree ("tenant_id","source_execution_id","source_field_key") WHERE source_execution_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "checklist_executions_asset" ON "checklist_executions" USING btree ("tenant_id","asset_id","started_at" DESC NULLS LAST) WHERE asset_id IS NOT NULL;