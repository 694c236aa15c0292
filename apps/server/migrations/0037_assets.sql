CREATE TABLE "asset_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "asset_exports" (
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
	CONSTRAINT "asset_exports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "asset_maintenances" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'InProcess' NOT NULL,
	"workflow_type_id" uuid,
	"execution_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cost" numeric(16, 2),
	"source" text DEFAULT 'manual' NOT NULL,
	"plan_id" uuid,
	"reporter_name" text,
	"reporter_contact" text,
	"photo_id" text,
	"started_by_person_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by_person_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "asset_maintenances_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "asset_plans" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"title" text NOT NULL,
	"workflow_type_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_plans_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "asset_relations" (
	"tenant_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"related_id" uuid NOT NULL,
	CONSTRAINT "asset_relations_tenant_id_asset_id_related_id_pk" PRIMARY KEY("tenant_id","asset_id","related_id")
);
--> statement-breakpoint
CREATE TABLE "asset_scans" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"code" text NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_scans_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "asset_types" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT 'box' NOT NULL,
	"color" text DEFAULT '#228be6' NOT NULL,
	"form_id" uuid,
	"maintenance_workflow_type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"corrective_workflow_type_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"manufacturer" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"type_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"venue_id" uuid,
	"location_id" uuid,
	"responsible_person_id" uuid,
	"parent_id" uuid,
	"description" text DEFAULT '' NOT NULL,
	"purchase_date" date,
	"purchase_cost" numeric(16, 2),
	"useful_life_years" integer,
	"salvage_value" numeric(16, 2),
	"lat" double precision,
	"lng" double precision,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"label_token" text NOT NULL,
	"maintenance_status" text DEFAULT 'ok' NOT NULL,
	"status_reason" jsonb,
	"last_maintenance_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "asset_categories_name" ON "asset_categories" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "asset_exports_created" ON "asset_exports" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "asset_maintenances_asset" ON "asset_maintenances" USING btree ("tenant_id","asset_id","started_at");--> statement-breakpoint
CREATE INDEX "asset_maintenances_open" ON "asset_maintenances" USING btree ("tenant_id","status","asset_id");--> statement-breakpoint
CREATE INDEX "asset_maintenances_started" ON "asset_maintenances" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "asset_plans_asset" ON "asset_plans" USING btree ("tenant_id","asset_id");--> statement-breakpoint
CREATE INDEX "asset_plans_activity" ON "asset_plans" USING btree ("tenant_id","activity_id");--> statement-breakpoint
CREATE INDEX "asset_relations_related" ON "asset_relations" USING btree ("tenant_id","related_id");--> statement-breakpoint
CREATE INDEX "asset_scans_person" ON "asset_scans" USING btree ("tenant_id","person_id","scanned_at");--> statement-breakpoint
CREATE INDEX "asset_scans_asset" ON "asset_scans" USING btree ("tenant_id","asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_types_name" ON "asset_types" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "asset_types_category" ON "asset_types" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_code" ON "assets" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "assets_label_token" ON "assets" USING btree ("tenant_id","label_token");--> statement-breakpoint
CREATE INDEX "assets_name" ON "assets" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "assets_type" ON "assets" USING btree ("tenant_id","type_id","code");--> statement-breakpoint
CREATE INDEX "assets_category" ON "assets" USING btree ("tenant_id","category_id","code");--> statement-breakpoint
CREATE INDEX "assets_venue" ON "assets" USING btree ("tenant_id","venue_id","code");--> statement-breakpoint
CREATE INDEX "assets_status" ON "assets" USING btree ("tenant_id","maintenance_status","code");--> statement-breakpoint
CREATE INDEX "assets_responsible" ON "assets" USING btree ("tenant_id","responsible_person_id");--> statement-breakpoint
CREATE INDEX "assets_parent" ON "assets" USING btree ("tenant_id","parent_id");