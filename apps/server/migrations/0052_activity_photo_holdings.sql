-- Corrective actions raised before their activity held the failed item's photos (decision 026,
-- amended 2026-12-06; decision 032): each action's activity holds the photos of its item, as
-- createAction does now. Only real files of the same tenant match; an activity since deleted holds nothing.
INSERT INTO "file_holdings" ("tenant_id", "upload_id", "holder_kind", "holder_id")
SELECT DISTINCT f."tenant_id", f."id", 'activity', a."activity_id"::text
FROM "checklist_actions" a
JOIN "checklist_executions" e ON e."tenant_id" = a."tenant_id" AND e."id" = a."execution_id"
JOIN "activities" t ON t."tenant_id" = a."tenant_id" AND t."id" = a."activity_id"
CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(e."photos" -> a."field_key") = 'array' THEN e."photos" -> a."field_key" ELSE '[]'::jsonb END) p(upload_id)
JOIN "stored_files" f ON f."tenant_id" = a."tenant_id" AND f."id" = p.upload_id
ON CONFLICT DO NOTHING;
