DROP INDEX "catalog_items_name";--> statement-breakpoint
DROP INDEX "locations_name";--> statement-breakpoint
DROP INDEX "venues_name";--> statement-breakpoint
DROP INDEX "data_source_rows_label";--> statement-breakpoint
DROP INDEX "data_sources_name";--> statement-breakpoint
DROP INDEX "positions_title";--> statement-breakpoint
CREATE INDEX "catalog_items_name" ON "catalog_items" USING btree ("tenant_id","kind",(replace(replace(translate(lower("name"), 'áàâäãåéèêëíìîïóòôöõúùûüýÿçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝÇ', 'aaaaaaeeeeiiiiooooouuuuyycaaaaaaeeeeiiiiooooouuuuyc'), 'ñ', 'n~'), 'Ñ', 'n~') COLLATE "C"));--> statement-breakpoint
CREATE INDEX "locations_name" ON "locations" USING btree ("tenant_id",(replace(replace(translate(lower("name"), 'áàâäãåéèêëíìîïóòôöõúùûüýÿçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝÇ', 'aaaaaaeeeeiiiiooooouuuuyycaaaaaaeeeeiiiiooooouuuuyc'), 'ñ', 'n~'), 'Ñ', 'n~') COLLATE "C"));--> statement-breakpoint
CREATE INDEX "venues_name" ON "venues" USING btree ("tenant_id",(replace(replace(translate(lower("name"), 'áàâäãåéèêëíìîïóòôöõúùûüýÿçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝÇ', 'aaaaaaeeeeiiiiooooouuuuyycaaaaaaeeeeiiiiooooouuuuyc'), 'ñ', 'n~'), 'Ñ', 'n~') COLLATE "C"));--> statement-breakpoint
CREATE INDEX "data_source_rows_label" ON "data_source_rows" USING btree ("tenant_id","data_source_id",(replace(replace(translate(lower("label"), 'áàâäãåéèêëíìîïóòôöõúùûüýÿçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝÇ', 'aaaaaaeeeeiiiiooooouuuuyycaaaaaaeeeeiiiiooooouuuuyc'), 'ñ', 'n~'), 'Ñ', 'n~') COLLATE "C"));--> statement-breakpoint
CREATE INDEX "data_sources_name" ON "data_sources" USING btree ("tenant_id",(replace(replace(translate(lower("name"), 'áàâäãåéèêëíìîïóòôöõúùûüýÿçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝÇ', 'aaaaaaeeeeiiiiooooouuuuyycaaaaaaeeeeiiiiooooouuuuyc'), 'ñ', 'n~'), 'Ñ', 'n~') COLLATE "C"));--> statement-breakpoint
CREATE INDEX "positions_title" ON "positions" USING btree ("tenant_id",(replace(replace(translate(lower("title"), 'áàâäãåéèêëíìîïóòôöõúùûüýÿçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÝÇ', 'aaaaaaeeeeiiiiooooouuuuyycaaaaaaeeeeiiiiooooouuuuyc'), 'ñ', 'n~'), 'Ñ', 'n~') COLLATE "C"));