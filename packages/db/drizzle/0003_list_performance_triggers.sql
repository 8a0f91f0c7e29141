-- Custom migration (drizzle-kit generate --custom): the triggers that keep the two denormalised
-- structures of 0002 in step, and their backfill. Triggers rather than service code so that every
-- writer (the services, the demo seed, imports, tests that write rows directly) keeps them right.
-- Writers wait while this runs, so the backfill and the triggers see the same orders.
LOCK TABLE "orders", "addresses" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint

-- orders.customer_search = billing name || E'\n' || shipping name (the list's customer search).
CREATE FUNCTION "orders_customer_search_of"(billing integer, shipping integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT "name" FROM "addresses" WHERE "id" = billing), '')
    || E'\n' || coalesce((SELECT "name" FROM "addresses" WHERE "id" = shipping), '')
$$;
--> statement-breakpoint
CREATE FUNCTION "orders_customer_search_set"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."customer_search" := "orders_customer_search_of"(NEW."billing_address_id", NEW."shipping_address_id");
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_customer_search"
  BEFORE INSERT OR UPDATE OF "billing_address_id", "shipping_address_id" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "orders_customer_search_set"();
--> statement-breakpoint
CREATE FUNCTION "addresses_customer_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "orders" SET "customer_search" = "orders_customer_search_of"("billing_address_id", "shipping_address_id")
  WHERE "billing_address_id" = NEW."id" OR "shipping_address_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "addresses_customer_search"
  AFTER UPDATE OF "name" ON "addresses"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "addresses_customer_search_sync"();
--> statement-breakpoint
UPDATE "orders" SET "customer_search" = "orders_customer_search_of"("billing_address_id", "shipping_address_id");
--> statement-breakpoint

-- order_month_counts: orders per (month, status). Deferred to commit, so the counter row is
-- locked only while the transaction commits (concurrent new orders of one month queue there
-- briefly instead of for their whole transaction).
CREATE FUNCTION "order_month_counts_add"(day date, order_status text, delta integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "order_month_counts" ("month", "status", "orders")
  VALUES (date_trunc('month', day)::date, order_status, delta)
  ON CONFLICT ("month", "status") DO UPDATE SET "orders" = "order_month_counts"."orders" + excluded."orders"
$$;
--> statement-breakpoint
CREATE FUNCTION "order_month_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "order_month_counts_add"(NEW."date", NEW."status", 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "order_month_counts_add"(OLD."date", OLD."status", -1);
  -- Two counter rows change: always in (month, status) order, so opposite moves cannot deadlock.
  ELSIF (date_trunc('month', OLD."date"), OLD."status") <= (date_trunc('month', NEW."date"), NEW."status") THEN
    PERFORM "order_month_counts_add"(OLD."date", OLD."status", -1);
    PERFORM "order_month_counts_add"(NEW."date", NEW."status", 1);
  ELSE
    PERFORM "order_month_counts_add"(NEW."date", NEW."status", 1);
    PERFORM "order_month_counts_add"(OLD."date", OLD."status", -1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_month_counts_insert_delete"
  AFTER INSERT OR DELETE ON "orders"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "order_month_counts_apply"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_month_counts_update"
  AFTER UPDATE OF "status", "date" ON "orders"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."date" IS DISTINCT FROM NEW."date")
  EXECUTE FUNCTION "order_month_counts_apply"();
--> statement-breakpoint
CREATE FUNCTION "order_month_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "order_month_counts";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_month_counts_truncate"
  AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_month_counts_clear"();
--> statement-breakpoint
DELETE FROM "order_month_counts";
--> statement-breakpoint
INSERT INTO "order_month_counts" ("month", "status", "orders")
SELECT date_trunc('month', "date")::date, "status", count(*)::int FROM "orders" GROUP BY 1, 2;
