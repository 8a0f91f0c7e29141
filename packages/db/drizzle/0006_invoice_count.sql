CREATE TABLE "invoice_count" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_count_single_row" CHECK ("invoice_count"."id" = 1)
);
--> statement-breakpoint

-- The triggers that keep invoice_count right, and its backfill. Deferred to commit (as the order
-- month counters are), so the one row is locked only while a transaction commits: a transaction
-- that adds an invoice and then waits for an order another one holds cannot deadlock on it.
LOCK TABLE "invoices" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE FUNCTION "invoice_count_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "invoice_count" ("id", "invoices") VALUES (1, CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)
  ON CONFLICT ("id") DO UPDATE SET "invoices" = "invoice_count"."invoices" + excluded."invoices";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "invoices_count_insert_delete"
  AFTER INSERT OR DELETE ON "invoices"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "invoice_count_apply"();
--> statement-breakpoint
CREATE FUNCTION "invoice_count_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "invoice_count";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_count_truncate"
  AFTER TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION "invoice_count_clear"();
--> statement-breakpoint
INSERT INTO "invoice_count" ("id", "invoices") SELECT 1, count(*)::int FROM "invoices";
