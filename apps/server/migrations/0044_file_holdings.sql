CREATE TABLE "file_holdings" (
	"tenant_id" uuid NOT NULL,
	"upload_id" text NOT NULL,
	"holder_kind" text NOT NULL,
	"holder_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_holdings_tenant_id_upload_id_holder_kind_holder_id_pk" PRIMARY KEY("tenant_id","upload_id","holder_kind","holder_id")
);
--> statement-breakpoint
ALTER TABLE "file_holdings" ADD CONSTRAINT "file_holdings_file" FOREIGN KEY ("tenant_id","upload_id") REFERENCES "public"."stored_files"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_holdings_holder" ON "file_holdings" USING btree ("tenant_id","holder_kind","holder_id");--> statement-breakpoint
-- Backfill (decision 030): every stored file named by a row of a holder's table (an upload id,
-- bare or inside a download link, in any column) becomes held by that row. Tokens of 24 URL-safe
-- characters are matched against stored_files, so nothing else can be mistaken for a file.
INSERT INTO "file_holdings" ("tenant_id", "upload_id", "holder_kind", "holder_id")
SELECT DISTINCT f."tenant_id", f."id", 'document', t.id::text
FROM "documents" t CROSS JOIN LATERAL regexp_matches(to_jsonb(t)::text, '[A-Za-z0-9_-]+', 'g') m
JOIN "stored_files" f ON f."tenant_id" = t.tenant_id AND f."id" = m[1]
WHERE length(m[1]) = 24
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "file_holdings" ("tenant_id", "upload_id", "holder_kind", "holder_id")
SELECT DISTINCT f."tenant_id", f."id", 'form-response', t.id::text
FROM "form_responses" t CROSS JOIN LATERAL regexp_matches(to_jsonb(t)::text, '[A-Za-z0-9_-]+', 'g') m
JOIN "stored_files" f ON f."tenant_id" = t.tenant_id AND f."id" = m[1]
WHERE length(m[1]) = 24
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "file_holdings" ("tenant_id", "upload_id", "holder_kind", "holder_id")
SELECT DISTINCT f."tenant_id", f."id", 'person', t.id::text
FROM "persons" t CROSS JOIN LATERAL regexp_matches(to_jsonb(t)::text, '[A-Za-z0-9_-]+', 'g') m
JOIN "stored_files" f ON f."tenant_id" = t.tenant_id AND f."id" = m[1]
WHERE length(m[1]) = 24
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "file_holdings" ("tenant_id", "upload_id", "holder_kind", "holder_id")
SELECT DISTINCT f."tenant_id", f."id", 'import', t.id::text
FROM "import_jobs" t CROSS JOIN LATERAL regexp_matches(to_jsonb(t)::text, '[A-Za-z0-9_-]+', 'g') m
JOIN "stored_files" f ON f."tenant_id" = t.tenant_id AND f."id" = m[1]
WHERE length(m[1]) = 24
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "file_holdings" ("tenant_id", "upload_id", "holder_kind", "holder_id")
SELECT DISTINCT f."tenant_id", f."id", 'post', t.id::text
FROM "posts" t CROSS JOIN LATERAL regexp_matches(to_jsonb(t)::text, '[A-Za-z0-9_-]+', 'g') m
JOIN "stored_files" f ON f."tenant_id" = t.tenant_id AND f."id" = m[1]
WHERE length(m[1]) = 24
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "file_holdings" ("tenant_id", "upload_id", "holder_kind", "holder_id")
SELECT DISTINCT f."tenant_id", f."id", 'checklist-execution', t.id::text
FROM "checklist_executions" t CROSS JOIN LATERAL regexp_matches(to_jsonb(t)::text, '[A-Za-z0-9_-]+', 'g') m
JOIN "stored_files" f ON f."tenant_id" = t.tenant_id AND f."id" = m[1]
WHERE length(m[1]) = 24
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "file_holdings" ("tenant_id", "upload_id", "holder_kind", "holder_id")
SELECT DISTINCT f."tenant_id", f."id", 'asset', t.id::text
FROM "assets" t CROSS JOIN LATERAL regexp_matches(to_jsonb(t)::text, '[A-Za-z0-9_-]+', 'g') m
JOIN "stored_files" f ON f."tenant_id" = t.tenant_id AND f."id" = m[1]
WHERE length(m[1]) = 24
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "file_holdings" ("tenant_id", "upload_id", "holder_kind", "holder_id")
SELECT DISTINCT f."tenant_id", f."id", 'maintenance', t.id::text
FROM "asset_maintenances" t CROSS JOIN LATERAL regexp_matches(to_jsonb(t)::text, '[A-Za-z0-9_-]+', 'g') m
JOIN "stored_files" f ON f."tenant_id" = t.tenant_id AND f."id" = m[1]
WHERE length(m[1]) = 24
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "file_holdings" ("tenant_id", "upload_id", "holder_kind", "holder_id")
SELECT DISTINCT f."tenant_id", f."id", 'workflow-execution', t.id::text
FROM "workflow_executions" t CROSS JOIN LATERAL regexp_matches(to_jsonb(t)::text, '[A-Za-z0-9_-]+', 'g') m
JOIN "stored_files" f ON f."tenant_id" = t.tenant_id AND f."id" = m[1]
WHERE length(m[1]) = 24
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "file_holdings" ("tenant_id", "upload_id", "holder_kind", "holder_id")
SELECT DISTINCT f."tenant_id", f."id", 'workflow-export', t.id::text
FROM "workflow_exports" t CROSS JOIN LATERAL regexp_matches(to_jsonb(t)::text, '[A-Za-z0-9_-]+', 'g') m
JOIN "stored_files" f ON f."tenant_id" = t.tenant_id AND f."id" = m[1]
WHERE length(m[1]) = 24
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "file_holdings" ("tenant_id", "upload_id", "holder_kind", "holder_id")
SELECT DISTINCT f."tenant_id", f."id", 'venue', t.id::text
FROM "venues" t CROSS JOIN LATERAL regexp_matches(to_jsonb(t)::text, '[A-Za-z0-9_-]+', 'g') m
JOIN "stored_files" f ON f."tenant_id" = t.tenant_id AND f."id" = m[1]
WHERE length(m[1]) = 24
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "file_holdings" ("tenant_id", "upload_id", "holder_kind", "holder_id")
SELECT DISTINCT f."tenant_id", f."id", 'organization', t.id::text
FROM "tenants" t CROSS JOIN LATERAL regexp_matches(to_jsonb(t)::text, '[A-Za-z0-9_-]+', 'g') m
JOIN "stored_files" f ON f."tenant_id" = t.id AND f."id" = m[1]
WHERE length(m[1]) = 24
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "file_holdings" ("tenant_id", "upload_id", "holder_kind", "holder_id")
SELECT DISTINCT f."tenant_id", f."id", 'workflow-execution', k."execution_id"::text
FROM "workflow_task_responses" t JOIN "workflow_user_tasks" k ON k."tenant_id" = t."tenant_id" AND k."id" = t."task_id"
CROSS JOIN LATERAL regexp_matches(to_jsonb(t)::text, '[A-Za-z0-9_-]+', 'g') m
JOIN "stored_files" f ON f."tenant_id" = t."tenant_id" AND f."id" = m[1]
WHERE length(m[1]) = 24
ON CONFLICT DO NOTHING;
