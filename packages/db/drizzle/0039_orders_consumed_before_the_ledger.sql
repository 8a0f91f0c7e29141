ALTER TABLE "order_stock_consumptions" DROP CONSTRAINT "order_stock_consumptions_state_check";--> statement-breakpoint
ALTER TABLE "order_stock_consumptions" ADD CONSTRAINT "order_stock_consumptions_state_check" CHECK ("order_stock_consumptions"."state" in ('consumed', 'returned', 'opening'));--> statement-breakpoint
-- Hand-written (decision 259): orders already at or past the consumption status when the ledger began used
-- their parts before the opening count, so a later save must neither take nor return them: they are marked
-- 'opening'. Orders the ledger has already consumed keep their row.
INSERT INTO "order_stock_consumptions" ("order_id", "state")
SELECT o."id", 'opening'
FROM "orders" o
WHERE array_position(ARRAY['pending', 'processed', 'scheduled_to_ship', 'completed'], o."status")
   >= array_position(ARRAY['pending', 'processed', 'scheduled_to_ship', 'completed'],
        coalesce((SELECT ci."stock_consumption_status" FROM "company_info" ci WHERE ci."id" = 1), 'processed'))
  AND NOT EXISTS (SELECT 1 FROM "stock_movements" m WHERE m."order_id" = o."id")
ON CONFLICT ("order_id") DO NOTHING;
