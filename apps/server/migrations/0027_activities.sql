CREATE TABLE "activities" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"form_id" uuid,
	"venue_id" uuid,
	"location_id" uuid,
	"audience_id" uuid,
	"priority" integer DEFAULT 5 NOT NULL,
	"start" text NOT NULL,
	"timezone" text NOT NULL,
	"duration_minutes" integer DEFAULT 0 NOT NULL,
	"rrule" text,
	"rdates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exdates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reminders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"series_group" uuid NOT NULL,
	"related_to" uuid,
	"first_start_at" timestamp with time zone NOT NULL,
	"last_start_at" timestamp with time zone,
	"created_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "activity_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "activity_category_links" (
	"tenant_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "activity_category_links_tenant_id_activity_id_category_id_pk" PRIMARY KEY("tenant_id","activity_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "activity_completions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"recurrence_id" text NOT NULL,
	"status" text NOT NULL,
	"completed_at" timestamp with time zone,
	"description" text,
	"person_id" uuid,
	"response_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_completions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "activity_exceptions" (
	"tenant_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"recurrence_id" text NOT NULL,
	"start" text,
	"start_at" timestamp with time zone,
	"duration_minutes" integer,
	"title" text,
	"priority" integer,
	"responsibles" jsonb,
	"cancelled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_exceptions_tenant_id_activity_id_recurrence_id_pk" PRIMARY KEY("tenant_id","activity_id","recurrence_id")
);
--> statement-breakpoint
CREATE TABLE "activity_feed_tokens" (
	"tenant_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"generation" integer DEFAULT 1 NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_feed_tokens_tenant_id_person_id_pk" PRIMARY KEY("tenant_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "activity_history" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"recurrence_id" text,
	"person_id" uuid,
	"action" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_history_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "activity_reminders_sent" (
	"tenant_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"recurrence_id" text NOT NULL,
	"offset_minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_reminders_sent_tenant_id_activity_id_recurrence_id_offset_minutes_pk" PRIMARY KEY("tenant_id","activity_id","recurrence_id","offset_minutes")
);
--> statement-breakpoint
CREATE TABLE "activity_responsibles" (
	"tenant_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	CONSTRAINT "activity_responsibles_tenant_id_activity_id_person_id_pk" PRIMARY KEY("tenant_id","activity_id","person_id")
);
--> statement-breakpoint
CREATE INDEX "activities_audience" ON "activities" USING btree ("tenant_id","audience_id");--> statement-breakpoint
CREATE INDEX "activities_span" ON "activities" USING btree ("tenant_id","first_start_at","last_start_at");--> statement-breakpoint
CREATE INDEX "activities_updated" ON "activities" USING btree ("tenant_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_categories_name" ON "activity_categories" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "activity_category_links_category" ON "activity_category_links" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_completions_occurrence" ON "activity_completions" USING btree ("tenant_id","activity_id","recurrence_id");--> statement-breakpoint
CREATE INDEX "activity_exceptions_start" ON "activity_exceptions" USING btree ("tenant_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_feed_tokens_hash" ON "activity_feed_tokens" USING btree ("tenant_id","token_hash");--> statement-breakpoint
CREATE INDEX "activity_history_activity" ON "activity_history" USING btree ("tenant_id","activity_id","at");--> statement-breakpoint
CREATE INDEX "activity_responsibles_person" ON "activity_responsibles" USING btree ("tenant_id","person_id");