-- Each name once (decision 233): knowing the names unique, PostgreSQL joins the customer search's matching
-- names to their orders as they stream, instead of collecting them all first to read them as a set.
-- Duplicates (two saves that added the same new name at once) are removed first; the trigger then adds a
-- name with ON CONFLICT DO NOTHING, so two saves adding the same new name at once wait for the first one's
-- commit instead of both adding it.
DELETE FROM "order_customer_names" "a" USING "order_customer_names" "b"
  WHERE "a"."search" = "b"."search" AND "a"."ctid" > "b"."ctid";--> statement-breakpoint
DROP INDEX "order_customer_names_search_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "order_customer_names_search_key" ON "order_customer_names" USING btree ("search");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "order_customer_names_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_customer_names" ("search") VALUES (NEW."customer_search") ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
