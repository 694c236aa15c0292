CREATE TABLE "workflow_exports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type_id" uuid NOT NULL,
	"format" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"file_id" text,
	"error" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "workflow_exports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_kanbans" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type_id" uuid NOT NULL,
	"name" text NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"card_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_kanbans_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_public_attempts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type_id" uuid NOT NULL,
	"address_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_public_attempts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_public_links" (
	"tenant_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_public_links_tenant_id_type_id_pk" PRIMARY KEY("tenant_id","type_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_public_starts" (
	"tenant_id" uuid NOT NULL,
	"code" text NOT NULL,
	"execution_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_public_starts_tenant_id_code_pk" PRIMARY KEY("tenant_id","code")
);
--> statement-breakpoint
CREATE INDEX "workflow_exports_type" ON "workflow_exports" USING btree ("tenant_id","type_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_kanbans_type" ON "workflow_kanbans" USING btree ("tenant_id","type_id");--> statement-breakpoint
CREATE INDEX "workflow_public_attempts_type" ON "workflow_public_attempts" USING btree ("tenant_id","type_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_public_attempts_address" ON "workflow_public_attempts" USING btree ("tenant_id","address_hash","created_at");--> statement-breakpoint
CREATE INDEX "workflow_public_starts_execution" ON "workflow_public_starts" USING btree ("tenant_id","execution_id");