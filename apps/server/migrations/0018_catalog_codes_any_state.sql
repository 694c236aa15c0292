CREATE INDEX "catalog_items_code_any" ON "catalog_items" USING btree ("tenant_id","kind","code");--> statement-breakpoint
CREATE INDEX "locations_code_any" ON "locations" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "venues_code_any" ON "venues" USING btree ("tenant_id","code");