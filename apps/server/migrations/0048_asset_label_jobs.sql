CREATE TABLE "asset_label_jobs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"size" text NOT NULL,
	"asset_ids" jsonb,
	"filters" jsonb,
	"origin" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"labels" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"bytes" integer,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "asset_label_jobs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "asset_label_jobs_created" ON "asset_label_jobs" USING btree ("tenant_id","created_by","created_at");