ALTER TABLE "data_source_rows" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_sources" ADD COLUMN "row_order" text DEFAULT 'label' NOT NULL;--> statement-breakpoint
CREATE INDEX "data_source_rows_position" ON "data_source_rows" USING btree ("tenant_id","data_source_id","position");--> statement-breakpoint
-- Every source's rows numbered in the order they were listed in until now (sortKey(label), then key), so a source switched to manual order starts from what its readers saw.
UPDATE "data_source_rows" d SET "position" = o.n
FROM (
  SELECT tenant_id, id, row_number() OVER (
    PARTITION BY tenant_id, data_source_id
    ORDER BY (replace(replace(translate(lower(label), 'áàâäãåéèêëíìîïóòôöõúùûüýÿçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝÇ', 'aaaaaaeeeeiiiiooooouuuuyycaaaaaaeeeeiiiiooooouuuuyc'), 'ñ', 'n~'), 'Ñ', 'n~') COLLATE "C"), key
  ) AS n
  FROM "data_source_rows"
) o
WHERE d.tenant_id = o.tenant_id AND d.id = o.id;
