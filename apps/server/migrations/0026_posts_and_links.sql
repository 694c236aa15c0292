CREATE TABLE "links" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"icon" text DEFAULT 'link' NOT NULL,
	"category" text,
	"audience_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "links_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "post_recipients" (
	"tenant_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"notified_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "post_recipients_tenant_id_post_id_person_id_pk" PRIMARY KEY("tenant_id","post_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"cover_upload_id" text,
	"image_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"video_id" text,
	"audience_id" uuid,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"requires_ack" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"author_person_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "links_order" ON "links" USING btree ("tenant_id","category","position");--> statement-breakpoint
CREATE INDEX "post_recipients_person" ON "post_recipients" USING btree ("tenant_id","person_id");--> statement-breakpoint
CREATE INDEX "posts_feed" ON "posts" USING btree ("tenant_id","status","publish_at");