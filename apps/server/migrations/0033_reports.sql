CREATE TABLE "report_bi_connections" (
	"tenant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"site_url" text NOT NULL,
	"allowed_hosts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"client_id" text,
	"secret_id" text,
	"username" text,
	"tenant_param" text DEFAULT 'tenant_id' NOT NULL,
	"version" text,
	"secret_enc" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_bi_connections_tenant_id_provider_pk" PRIMARY KEY("tenant_id","provider")
);
--> statement-breakpoint
CREATE TABLE "report_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_public_links" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"public_id" text NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_public_links_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_public_reads" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"address_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_public_reads_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_recipients" (
	"tenant_id" uuid NOT NULL,
	"report_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_recipients_tenant_id_report_id_person_id_pk" PRIMARY KEY("tenant_id","report_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"chart" text,
	"params" jsonb NOT NULL,
	"embed" jsonb,
	"audience_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "report_public_links_public_id" ON "report_public_links" USING btree ("tenant_id","public_id");--> statement-breakpoint
CREATE INDEX "report_public_links_report" ON "report_public_links" USING btree ("tenant_id","report_id");--> statement-breakpoint
CREATE INDEX "report_public_reads_address" ON "report_public_reads" USING btree ("tenant_id","address_hash","created_at");--> statement-breakpoint
CREATE INDEX "reports_category" ON "reports" USING btree ("tenant_id","category_id","position");