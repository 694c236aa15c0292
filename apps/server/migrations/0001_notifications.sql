CREATE TABLE "notification_devices" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"token" text NOT NULL,
	"transport" text NOT NULL,
	"platform" text NOT NULL,
	"device_info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	CONSTRAINT "notification_devices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "notification_devices_transport" CHECK ("notification_devices"."transport" IN ('web_push', 'fcm'))
);
--> statement-breakpoint
CREATE TABLE "notification_inboxes" (
	"tenant_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "notification_inboxes_tenant_id_person_id_pk" PRIMARY KEY("tenant_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"priority" smallint DEFAULT 3 NOT NULL,
	"visibility" smallint DEFAULT 0 NOT NULL,
	"context_type" text NOT NULL,
	"context_action" text NOT NULL,
	"context_id" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	CONSTRAINT "notifications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" IN ('new_activity', 'new_incident', 'new_post', 'new_report', 'system_update', 'test')),
	CONSTRAINT "notifications_priority" CHECK ("notifications"."priority" BETWEEN 1 AND 5),
	CONSTRAINT "notifications_visibility" CHECK ("notifications"."visibility" BETWEEN -1 AND 1)
);
--> statement-breakpoint
ALTER TABLE "notification_devices" ADD CONSTRAINT "notification_devices_person_fk" FOREIGN KEY ("tenant_id","person_id") REFERENCES "public"."persons"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_inboxes" ADD CONSTRAINT "notification_inboxes_person_fk" FOREIGN KEY ("tenant_id","person_id") REFERENCES "public"."persons"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_person_fk" FOREIGN KEY ("tenant_id","person_id") REFERENCES "public"."persons"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_devices_token" ON "notification_devices" USING btree ("tenant_id","token_hash");--> statement-breakpoint
CREATE INDEX "notification_devices_person" ON "notification_devices" USING btree ("tenant_id","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_person_seq" ON "notifications" USING btree ("tenant_id","person_id","seq");--> statement-breakpoint
CREATE INDEX "notifications_person_unread" ON "notifications" USING btree ("tenant_id","person_id","seq") WHERE "notifications"."checked_at" IS NULL;