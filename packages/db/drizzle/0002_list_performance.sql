CREATE TABLE "order_month_counts" (
	"month" date NOT NULL,
	"status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_month_counts_pkey" PRIMARY KEY("month","status")
);
--> statement-breakpoint
DROP INDEX "orders_status_date_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_search" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_status_date_id_idx" ON "orders" USING btree ("status","date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_customer_search_trgm_idx" ON "orders" USING gin ("customer_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_door_number_trgm_idx" ON "orders" USING gin ("door_number" gin_trgm_ops);