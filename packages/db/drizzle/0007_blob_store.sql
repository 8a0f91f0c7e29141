ALTER TABLE "stored_files" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "stored_files_sha256_idx" ON "stored_files" USING btree ("sha256");