CREATE TABLE "checklist_actions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"execution_id" uuid NOT NULL,
	"field_key" text NOT NULL,
	"activity_id" uuid NOT NULL,
	"recurrence_id" text NOT NULL,
	"title" text NOT NULL,
	"responsible_person_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"created_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_actions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "checklist_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "checklist_executions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"checklist_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"category_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"executed_by_person_id" uuid NOT NULL,
	"venue_id" uuid,
	"location_id" uuid,
	"activity_id" uuid,
	"recurrence_id" text,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"photos" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"current_section" text,
	"revision" integer DEFAULT 0 NOT NULL,
	"signature_executor" text,
	"signature_second" text,
	"signature_second_name" text,
	"score" real,
	"result" text,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"critical_failed" boolean DEFAULT false NOT NULL,
	"failed_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"section_scores" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supervisors_notified_at" timestamp with time zone,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "checklist_executions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "checklist_exports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"format" text NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"person_scope" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"storage_key" text,
	"size" integer,
	"error" text,
	"created_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "checklist_exports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "checklist_versions" (
	"tenant_id" uuid NOT NULL,
	"checklist_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"sections" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"items" jsonb NOT NULL,
	"pass_mark" real,
	"signature_executor" boolean DEFAULT false NOT NULL,
	"signature_second" boolean DEFAULT false NOT NULL,
	"created_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_versions_tenant_id_checklist_id_version_pk" PRIMARY KEY("tenant_id","checklist_id","version")
);
--> statement-breakpoint
CREATE TABLE "checklists" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"current_version" integer DEFAULT 1 NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"pass_mark" real,
	"executors" jsonb DEFAULT '{"persons":[],"positions":[],"audiences":[]}'::jsonb NOT NULL,
	"venue_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supervisor_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklists_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "checklist_id" uuid;--> statement-breakpoint
CREATE INDEX "checklist_actions_execution" ON "checklist_actions" USING btree ("tenant_id","execution_id");--> statement-breakpoint
CREATE INDEX "checklist_actions_activity" ON "checklist_actions" USING btree ("tenant_id","activity_id");--> statement-breakpoint
CREATE INDEX "checklist_executions_recent" ON "checklist_executions" USING btree ("tenant_id","status","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checklist_executions_checklist" ON "checklist_executions" USING btree ("tenant_id","checklist_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checklist_executions_person" ON "checklist_executions" USING btree ("tenant_id","executed_by_person_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checklist_executions_venue" ON "checklist_executions" USING btree ("tenant_id","venue_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checklist_executions_category" ON "checklist_executions" USING btree ("tenant_id","category_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "checklist_executions_failed" ON "checklist_executions" USING btree ("tenant_id","started_at" DESC NULLS LAST) WHERE failed_count > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_executions_open_draft" ON "checklist_executions" USING btree ("tenant_id","checklist_id","executed_by_person_id",coalesce(activity_id::text || recurrence_id, '')) WHERE status = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "checklist_executions_occurrence" ON "checklist_executions" USING btree ("tenant_id","activity_id","recurrence_id") WHERE status = 'submitted' AND activity_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "checklists_category" ON "checklists" USING btree ("tenant_id","category_id");--> statement-breakpoint
-- Checklists (decision 026): people who see activities get the checklists menu, and those who manage
-- activities get the checklists administration, so existing tenants' staff can use the new module.
UPDATE "person_permissions"
SET "permissions" = ARRAY(SELECT d.k FROM (SELECT DISTINCT k FROM unnest("permissions" || ARRAY['VIEW_CHECKLISTS']::text[]) AS k) AS d ORDER BY d.k COLLATE "C")
WHERE "permissions" @> ARRAY['VIEW_TASKS']::text[] AND NOT "permissions" @> ARRAY['VIEW_CHECKLISTS']::text[];
--> statement-breakpoint
UPDATE "person_permissions"
SET "permissions" = ARRAY(SELECT d.k FROM (SELECT DISTINCT k FROM unnest("permissions" || ARRAY['MANAGE_CHECKLISTS']::text[]) AS k) AS d ORDER BY d.k COLLATE "C")
WHERE "permissions" @> ARRAY['MANAGE_TASKS']::text[] AND NOT "permissions" @> ARRAY['MANAGE_CHECKLISTS']::text[];
