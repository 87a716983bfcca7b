CREATE TABLE "report_organization_month_facts" (
	"organization_id" integer NOT NULL,
	"month" date NOT NULL,
	"bookings" integer NOT NULL,
	"minutes" bigint NOT NULL,
	"revenue_inc_tax_inc_amenity" bigint NOT NULL,
	"revenue_inc_tax_ex_amenity" bigint NOT NULL,
	"revenue_ex_tax_inc_amenity" bigint NOT NULL,
	"revenue_ex_tax_ex_amenity" bigint NOT NULL,
	"gratis_bookings" integer NOT NULL,
	"gratis_minutes" bigint NOT NULL,
	CONSTRAINT "report_organization_month_facts_organization_id_month_pk" PRIMARY KEY("organization_id","month")
);
--> statement-breakpoint
-- Every month is marked stale: its rebuild (after the start, or by the first report that reads it)
-- fills the new table.
SELECT "mark_every_report_month_stale"();
