CREATE TABLE "order_costings" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"product_id" integer,
	"product_description" text DEFAULT '' NOT NULL,
	"bom_kind" text NOT NULL,
	"materials_cost" numeric(12, 2),
	"price_before_tax" numeric(12, 2) NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_costings_bom_kind_check" CHECK ("order_costings"."bom_kind" in ('components', 'simple', 'custom', 'no_product', 'product_missing'))
);
--> statement-breakpoint
ALTER TABLE "order_costings" ADD CONSTRAINT "order_costings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_costings_product_id_idx" ON "order_costings" USING btree ("product_id");