ALTER TABLE "invoice_payments" DROP CONSTRAINT "invoice_payments_kind_check";--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "void_date" date;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "void_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "voided_by_username" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_void_date_idx" ON "credit_notes" USING btree ("void_date","id");--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_void_whole" CHECK (("credit_notes"."void_date" IS NULL) = ("credit_notes"."voided_at" IS NULL));--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_void_not_before_note" CHECK ("credit_notes"."void_date" IS NULL OR "credit_notes"."void_date" >= "credit_notes"."date");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_kind_check" CHECK ("invoice_payments"."kind" in ('payment', 'refund', 'reversal', 'adjustment', 'opening', 'deposit', 'credit_note', 'credit', 'credit_note_void'));