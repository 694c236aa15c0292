CREATE TABLE "checklist_report_mails" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"execution_id" uuid NOT NULL,
	"sent_by_person_id" uuid NOT NULL,
	"recipients" jsonb NOT NULL,
	"message" text,
	"outbox_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_report_mails_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments_stored" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "checklist_report_mails_sender" ON "checklist_report_mails" USING btree ("tenant_id","sent_by_person_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_attachments_stored" ON "mail_outbox" USING btree ("tenant_id","created_at") WHERE attachments_stored;