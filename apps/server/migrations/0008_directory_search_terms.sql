CREATE TABLE "person_search_terms" (
	"tenant_id" uuid NOT NULL,
	"term" text NOT NULL,
	"sort_name" text NOT NULL,
	"person_id" uuid NOT NULL
);
--> statement-breakpoint
DROP INDEX "persons_business_lines";--> statement-breakpoint
DROP INDEX "persons_workspaces";--> statement-breakpoint
DROP INDEX "persons_user";--> statement-breakpoint
CREATE INDEX "person_search_terms_term" ON "person_search_terms" USING btree ("tenant_id","term" COLLATE "C","sort_name" COLLATE "C","person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_user" ON "persons" USING btree ("tenant_id","user_id") WHERE user_id IS NOT NULL;--> statement-breakpoint
-- The trigram index of 0006 is never used under forced row-level security (LIKE is not
-- leakproof); the search words replace it (decision 008).
DROP INDEX IF EXISTS "persons_search_trgm";
--> statement-breakpoint
DO $$
BEGIN
  DROP EXTENSION IF EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm kept: %', SQLERRM;
END $$;
--> statement-breakpoint
-- Search words of the persons that exist, by the rules of searchWordsOf (people.repository.ts).
UPDATE persons p SET search_text = concat_ws(' ', p.sort_name,
  (SELECT string_agg(e, ' ') FROM unnest(array_prepend(p.primary_email, p.other_emails)) e WHERE e IS NOT NULL),
  (SELECT string_agg(regexp_replace(lower(d.number), '[^0-9a-z]', '', 'g'), ' ') FROM person_documents d WHERE d.tenant_id = p.tenant_id AND d.person_id = p.id),
  (SELECT string_agg(right(regexp_replace(ph->>'number', '[^0-9]', '', 'g'), 8), ' ') FROM jsonb_array_elements(p.phones) ph));
--> statement-breakpoint
INSERT INTO "person_search_terms" ("tenant_id", "term", "sort_name", "person_id")
SELECT DISTINCT p.tenant_id, t.term, p.sort_name, p.id FROM persons p
CROSS JOIN LATERAL unnest(string_to_array(p.search_text, ' ')) AS t(term)
WHERE t.term <> '';
