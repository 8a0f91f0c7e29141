ALTER TABLE "invoices" ADD COLUMN "due_date_set_by_hand" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Decision 242: an invoice's due date follows its date and terms until a save sets it by hand. The invoices already
-- written are marked set by hand when their due date is not what their terms give for their date (the domain's
-- dueDateForTerms: "Net N", any case, N at most 365, is N days after the date; anything else the date itself), so a
-- due date someone typed is kept; the others follow their date from now on. Nothing visible changes here.
UPDATE "invoices" SET "due_date_set_by_hand" = true
WHERE "due_date" IS DISTINCT FROM "date" + coalesce(
  (SELECT n FROM (SELECT substring(lower("terms") FROM '^\s*net\s*(\d{1,3})\s*$')::int AS n) AS net WHERE n <= 365),
  0
);
