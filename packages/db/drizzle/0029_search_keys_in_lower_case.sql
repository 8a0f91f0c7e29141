-- Custom migration: the search keys in lower case (decision 235). orders.customer_search, the names of
-- order_customer_names and invoices.search exist only to be searched with ILIKE, which lowercases every row
-- it checks (a trigram index finds candidates; each is checked again). Kept in lower case, they are searched
-- with `LIKE lower(pattern)`: the same rows, since ILIKE is that comparison after lowercasing both sides, and
-- about eight times cheaper per row checked. The functions the triggers use lowercase what they compute;
-- the rows already written are lowercased here.
-- Writers wait while this runs, so the rows and the triggers agree.
LOCK TABLE "orders", "addresses", "invoices", "invoice_orders", "order_customer_names" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "orders_customer_search_of"(billing integer, shipping integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(coalesce((SELECT "name" FROM "addresses" WHERE "id" = billing), '')
    || E'\n' || coalesce((SELECT "name" FROM "addresses" WHERE "id" = shipping), ''))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "invoice_search_of"(invoice integer, invoice_number text, bill_to jsonb, ship_to jsonb) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(E'\n', invoice_number, bill_to ->> 'name', ship_to ->> 'name',
    (SELECT string_agg(o."customer_search", E'\n' ORDER BY o."id")
     FROM "invoice_orders" io JOIN "orders" o ON o."id" = io."order_id"
     WHERE io."invoice_id" = invoice)))
$$;--> statement-breakpoint
-- An order's new customer_search adds its name (orders_customer_names_update) and rewrites its invoices'
-- search (orders_invoice_search), both through the functions above.
UPDATE "orders" SET "customer_search" = lower("customer_search") WHERE "customer_search" <> lower("customer_search");--> statement-breakpoint
UPDATE "invoices" SET "search" = lower("search") WHERE "search" <> lower("search");--> statement-breakpoint
-- The names in another case than lower: every order now has its name in lower case (added above, or there before).
DELETE FROM "order_customer_names" WHERE "search" <> lower("search");
