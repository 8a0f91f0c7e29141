CREATE TABLE "order_customer_names" (
	"search" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "order_customer_names_search_idx" ON "order_customer_names" USING btree ("search");--> statement-breakpoint
CREATE INDEX "order_customer_names_search_trgm_idx" ON "order_customer_names" USING gin ("search" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "orders_customer_search_status_date_id_idx" ON "orders" USING btree ("customer_search","status","date","id");--> statement-breakpoint
-- Every name orders have, once (the list's customer search looks here first: decision 181). Added by
-- an AFTER trigger when an order first has a name; no unique constraint, so two saves typing the same
-- new name never wait for each other (a rare duplicate is harmless: the search reads a set).
CREATE FUNCTION "order_customer_names_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_customer_names" ("search")
  SELECT NEW."customer_search"
  WHERE NOT EXISTS (SELECT 1 FROM "order_customer_names" WHERE "search" = NEW."customer_search");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_customer_names_insert"
  AFTER INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "order_customer_names_add"();
--> statement-breakpoint
-- (any UPDATE: a BEFORE trigger sets customer_search when the address ids change, outside the SET list)
CREATE TRIGGER "orders_customer_names_update"
  AFTER UPDATE ON "orders"
  FOR EACH ROW WHEN (OLD."customer_search" IS DISTINCT FROM NEW."customer_search")
  EXECUTE FUNCTION "order_customer_names_add"();
--> statement-breakpoint
INSERT INTO "order_customer_names" ("search") SELECT DISTINCT "customer_search" FROM "orders";
