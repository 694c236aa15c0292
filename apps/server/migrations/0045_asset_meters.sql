CREATE TABLE "asset_meter_plans" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"meter_id" uuid NOT NULL,
	"title" text NOT NULL,
	"every" numeric(16, 3) NOT NULL,
	"next_at" numeric(16, 3) NOT NULL,
	"workflow_type_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_meter_plans_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "asset_meter_readings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"meter_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"value" numeric(16, 3) NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by_person_id" uuid,
	"maintenance_id" uuid,
	CONSTRAINT "asset_meter_readings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "asset_meters" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"asset_id" uuid NOT NULL,
	"name" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"last_value" numeric(16, 3),
	"last_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_meters_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "asset_maintenances" ADD COLUMN "meter_plan_id" uuid;--> statement-breakpoint
CREATE INDEX "asset_meter_plans_meter" ON "asset_meter_plans" USING btree ("tenant_id","meter_id");--> statement-breakpoint
CREATE INDEX "asset_meter_readings_meter" ON "asset_meter_readings" USING btree ("tenant_id","meter_id","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_meters_name" ON "asset_meters" USING btree ("tenant_id","asset_id",lower("name"));