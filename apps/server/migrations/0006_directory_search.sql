-- Person search (decision 008): a trigram index on search_text when the server offers pg_trgm
-- (PGlite loads it; PostgreSQL has it in contrib). Without it the same query runs unindexed.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm not created (insufficient privilege): person search runs without its index';
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS persons_search_trgm ON persons USING gin (search_text gin_trgm_ops)';
  END IF;
END $$;
--> statement-breakpoint
-- Persons made before these columns existed: an SQL approximation of the application's folding.
UPDATE persons SET
  sort_name = translate(lower(name), 'áàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuunc'),
  search_text = translate(lower(name), 'áàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuunc') || ' ' || coalesce(primary_email, '')
WHERE sort_name = '';
