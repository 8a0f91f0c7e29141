CREATE TABLE "component_stock" (
	"component_id" integer PRIMARY KEY NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "component_stock_on_hand_check" CHECK ("component_stock"."on_hand" >= 0)
);
--> statement-breakpoint
ALTER TABLE "component_stock" ADD CONSTRAINT "component_stock_component_id_components_id_fk" FOREIGN KEY ("component_id") REFERENCES "public"."components"("id") ON DELETE cascade ON UPDATE no action;