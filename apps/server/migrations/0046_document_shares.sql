CREATE TABLE "document_shares" (
	"tenant_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"shared_by_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_shares_tenant_id_document_id_person_id_pk" PRIMARY KEY("tenant_id","document_id","person_id")
);
--> statement-breakpoint
CREATE INDEX "document_shares_person" ON "document_shares" USING btree ("tenant_id","person_id","created_at" DESC NULLS LAST);