-- An import's rows are staged with the outcome their importer presumes (a new person is ADD with
-- its new id), and the diff then sets every row's outcome from the current data. PostgreSQL writes
-- a new version of a row even when an UPDATE leaves it as it was: this trigger skips those, so a
-- first load of 100,000 people is not written a second time (decision 008).
CREATE TRIGGER "import_rows_skip_same" BEFORE UPDATE ON "import_rows"
  FOR EACH ROW EXECUTE FUNCTION suppress_redundant_updates_trigger();
