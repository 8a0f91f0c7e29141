CREATE TABLE "component_stock" (
	"component_id" integer PRIMARY KEY NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "component_stock_on_hand_check" CHECK ("component_stock"."on_hand" >= 0)
);
--> statement-breakpoint
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
ALTER TABLE "archived_documents" DROP CONSTRAINT "archived_documents_kind_check";--> statement-breakpoint
ALTER TABLE "company_info" ADD COLUMN "weekly_capacity" integer;--> statement-breakpoint
ALTER TABLE "component_stock" ADD CONSTRAINT "component_stock_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_costings" ADD CONSTRAINT "order_costings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_costings_product_id_idx" ON "order_costings" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "company_info" ADD CONSTRAINT "company_info_weekly_capacity_check" CHECK ("company_info"."weekly_capacity" is null or "company_info"."weekly_capacity" >= 1);--> statement-breakpoint
ALTER TABLE "archived_documents" ADD CONSTRAINT "archived_documents_kind_check" CHECK ("archived_documents"."kind" IN ('invoice', 'bol', 'order_print', 'build_sheet'));