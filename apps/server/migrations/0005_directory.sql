CREATE TABLE "audiences" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"rules" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audiences_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "catalog_items" (
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"legacy_id" integer,
	"parent_id" uuid,
	"venue_id" uuid,
	"blueprint_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "locations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"address" text,
	"description" text,
	"legacy_id" integer,
	"business_line_id" uuid,
	"country" text,
	"timezone" text,
	"gla" double precision,
	"extra_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"image_upload_id" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venues_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "data_source_rows" (
	"tenant_id" uuid NOT NULL,
	"data_source_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_source_rows_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "data_sources" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "data_sources_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"tenant_id" uuid NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "import_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"scope" text,
	"mode" text NOT NULL,
	"file_uid" text NOT NULL,
	"file_name" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"error_code" text,
	"fail_description" text,
	"phase" text DEFAULT 'queued' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"rows_read" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_jobs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"tenant_id" uuid NOT NULL,
	"job_id" bigint NOT NULL,
	"id" integer NOT NULL,
	"row" integer,
	"key" text NOT NULL,
	"alt_key" text,
	"label" text NOT NULL,
	"operation" text NOT NULL,
	"error_code" text,
	"error_column" text,
	"parsed_ok" boolean DEFAULT true NOT NULL,
	"data" jsonb NOT NULL,
	"target_id" uuid,
	CONSTRAINT "import_rows_tenant_id_job_id_id_pk" PRIMARY KEY("tenant_id","job_id","id")
);
--> statement-breakpoint
CREATE TABLE "position_parents" (
	"tenant_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	CONSTRAINT "position_parents_tenant_id_position_id_parent_id_pk" PRIMARY KEY("tenant_id","position_id","parent_id")
);
--> statement-breakpoint
CREATE TABLE "position_people" (
	"tenant_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "position_people_tenant_id_position_id_person_id_pk" PRIMARY KEY("tenant_id","position_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"department" text,
	"code" text,
	"is_root" boolean DEFAULT false NOT NULL,
	"default_permission_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "person_documents" (
	"tenant_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"type" text NOT NULL,
	"number" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "person_documents_tenant_id_person_id_type_number_pk" PRIMARY KEY("tenant_id","person_id","type","number")
);
--> statement-breakpoint
CREATE TABLE "person_exports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size" integer,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "person_exports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
DROP INDEX "persons_name";--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "groups" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "other_emails" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "phones" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "photo_upload_id" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "business_line_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "workspace_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_items_code" ON "catalog_items" USING btree ("tenant_id","kind","code") WHERE is_active;--> statement-breakpoint
CREATE INDEX "catalog_items_name" ON "catalog_items" USING btree ("tenant_id","kind",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "locations_code" ON "locations" USING btree ("tenant_id","code") WHERE is_active;--> statement-breakpoint
CREATE INDEX "locations_name" ON "locations" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "locations_venue" ON "locations" USING btree ("tenant_id","venue_id");--> statement-breakpoint
CREATE INDEX "locations_parent" ON "locations" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_code" ON "venues" USING btree ("tenant_id","code") WHERE is_active;--> statement-breakpoint
CREATE INDEX "venues_name" ON "venues" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "data_source_rows_key" ON "data_source_rows" USING btree ("tenant_id","data_source_id","key");--> statement-breakpoint
CREATE INDEX "data_source_rows_label" ON "data_source_rows" USING btree ("tenant_id","data_source_id",lower("label"));--> statement-breakpoint
CREATE INDEX "data_sources_name" ON "data_sources" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "import_jobs_kind" ON "import_jobs" USING btree ("tenant_id","kind","scope","created_at");--> statement-breakpoint
CREATE INDEX "import_rows_key" ON "import_rows" USING btree ("tenant_id","job_id","key");--> statement-breakpoint
CREATE INDEX "position_parents_parent" ON "position_parents" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "position_people_person" ON "position_people" USING btree ("tenant_id","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_code" ON "positions" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "positions_title" ON "positions" USING btree ("tenant_id",lower("title"));--> statement-breakpoint
CREATE UNIQUE INDEX "person_documents_number" ON "person_documents" USING btree ("tenant_id","type","number");--> statement-breakpoint
CREATE INDEX "person_exports_created" ON "person_exports" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "persons_sort" ON "persons" USING btree ("tenant_id","sort_name" COLLATE "C","id");--> statement-breakpoint
CREATE INDEX "persons_business_lines" ON "persons" USING gin ("business_line_ids");--> statement-breakpoint
CREATE INDEX "persons_workspaces" ON "persons" USING gin ("workspace_ids");