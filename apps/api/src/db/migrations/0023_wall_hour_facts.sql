-- The facts gain the dimension wall_hour (the booked minutes falling in each local hour, for Busy
-- Time of the Day in hours): every month is marked stale, to be rebuilt in the background after
-- the start (main.ts) or by the first report that reads it.
-- A rebuild now updates the few rows a booking change alters in place: a tenth of each page is kept
-- free so that such an update can stay on its page (HOT) and add no index entry.
ALTER TABLE "report_space_month_facts" SET (fillfactor = 90);--> statement-breakpoint
ALTER TABLE "report_dimension_month_facts" SET (fillfactor = 90);--> statement-breakpoint
ALTER TABLE "report_client_month_facts" SET (fillfactor = 90);--> statement-breakpoint
ALTER TABLE "report_user_month_facts" SET (fillfactor = 90);--> statement-breakpoint
SELECT "mark_every_report_month_stale"();
