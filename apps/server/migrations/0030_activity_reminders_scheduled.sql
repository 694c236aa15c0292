CREATE TABLE "activity_reminders_scheduled" (
	"tenant_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"recurrence_id" text NOT NULL,
	"offset_minutes" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_reminders_scheduled_tenant_id_activity_id_recurrence_id_offset_minutes_start_at_pk" PRIMARY KEY("tenant_id","activity_id","recurrence_id","offset_minutes","start_at")
);
--> statement-breakpoint
CREATE INDEX "activity_reminders_scheduled_created" ON "activity_reminders_scheduled" USING btree ("tenant_id","created_at");