CREATE TABLE "workflow_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_elements" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"execution_id" uuid NOT NULL,
	"bpmn_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"attached_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "workflow_elements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_executions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'InProcess' NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "workflow_executions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_history" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"execution_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"action" text NOT NULL,
	"bpmn_id" text,
	"element_type" text,
	"person_id" uuid,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "workflow_history_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_task_responses" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"response" jsonb,
	"person_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_task_responses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_tokens" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"execution_id" uuid NOT NULL,
	"bpmn_id" text NOT NULL,
	"wait_kind" text NOT NULL,
	"element_id" uuid,
	"message_name" text,
	"correlation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_tokens_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_types" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"icon" text,
	"category_id" uuid,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_user_tasks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"execution_id" uuid NOT NULL,
	"assignee_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"form_id" uuid,
	"is_open" boolean DEFAULT true NOT NULL,
	"successfully_completed" boolean,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_user_tasks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_version_elements" (
	"tenant_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"bpmn_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"message_name" text,
	"form_id" uuid,
	CONSTRAINT "workflow_version_elements_tenant_id_version_id_bpmn_id_pk" PRIMARY KEY("tenant_id","version_id","bpmn_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_versions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"bpmn_xml" text NOT NULL,
	"graph" jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_versions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "workflow_elements_execution" ON "workflow_elements" USING btree ("tenant_id","execution_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_executions_type" ON "workflow_executions" USING btree ("tenant_id","type_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_executions_starter" ON "workflow_executions" USING btree ("tenant_id","started_by_person_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_history_execution" ON "workflow_history" USING btree ("tenant_id","execution_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_task_responses_task" ON "workflow_task_responses" USING btree ("tenant_id","task_id");--> statement-breakpoint
CREATE INDEX "workflow_tokens_execution" ON "workflow_tokens" USING btree ("tenant_id","execution_id");--> statement-breakpoint
CREATE INDEX "workflow_tokens_message" ON "workflow_tokens" USING btree ("tenant_id","message_name");--> statement-breakpoint
CREATE INDEX "workflow_types_category" ON "workflow_types" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE INDEX "workflow_user_tasks_execution" ON "workflow_user_tasks" USING btree ("tenant_id","execution_id");--> statement-breakpoint
CREATE INDEX "workflow_user_tasks_open" ON "workflow_user_tasks" USING btree ("tenant_id","is_open","created_at");--> statement-breakpoint
CREATE INDEX "workflow_version_elements_message" ON "workflow_version_elements" USING btree ("tenant_id","message_name");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_versions_number" ON "workflow_versions" USING btree ("tenant_id","type_id","number");