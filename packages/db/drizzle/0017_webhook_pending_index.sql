-- A delivery waits while an earlier event of the same record is pending for its endpoint (decision 103). That
-- check reads only the endpoint's pending deliveries through this index, never its delivered history.
CREATE INDEX "webhook_deliveries_pending_idx" ON "webhook_deliveries" USING btree ("endpoint_id","event_id") WHERE "webhook_deliveries"."state" = 'pending';
