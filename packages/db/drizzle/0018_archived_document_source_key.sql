-- The key of everything an archived document was made of (decision 061): a download whose key equals the
-- current version's serves the stored bytes without building the document's HTML. NULL: not known yet
-- (the next download builds the HTML, compares its hash as before, and records the key).
ALTER TABLE "archived_documents" ADD COLUMN "source_key" text;
