-- The reports' counted bookings by location and start (issue 20), with every column a report statement
-- reads INCLUDEd (drizzle's index builder has no INCLUDE, hence by hand), so a year of one organization
-- is an index-only scan instead of ~45,000 heap pages.
CREATE INDEX "bookings_reports_idx" ON "bookings" USING btree ("organization_id","center_id","start_time") INCLUDE ("end_time","id","space_id","client_id","user_id","duration_minutes","created_at","sub_total","tax_amount","tax_percentage","gratis_minutes","refunded_gratis_minutes","voucher_id","voucher_code","voucher_discount") WHERE "bookings"."status" <> 'cancelled';
