CREATE TABLE "stored_files" (
	"tenant_id" uuid NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "temp_upload_parts" (
	"tenant_id" uuid NOT NULL,
	"upload_id" text NOT NULL,
	"part_offset" bigint NOT NULL,
	"length" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "temp_upload_parts_tenant_id_upload_id_part_offset_pk" PRIMARY KEY("tenant_id","upload_id","part_offset")
);
--> statement-breakpoint
CREATE TABLE "temp_uploads" (
	"tenant_id" uuid NOT NULL,
	"id" text NOT NULL,
	"owner_person_id" uuid NOT NULL,
	"state" text NOT NULL,
	"declared_length" bigint NOT NULL,
	"offset_reached" bigint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content_type" text,
	"sha256" text,
	"rejected_code" text,
	"stored_upload_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "temp_uploads_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "temp_upload_parts" ADD CONSTRAINT "temp_upload_parts_upload" FOREIGN KEY ("tenant_id","upload_id") REFERENCES "public"."temp_uploads"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_created" ON "stored_files" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "temp_uploads_owner" ON "temp_uploads" USING btree ("tenant_id","owner_person_id","state");--> statement-breakpoint
CREATE INDEX "temp_uploads_expiry" ON "temp_uploads" USING btree ("tenant_id","expires_at");