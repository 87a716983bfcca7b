CREATE TABLE "center_regions" (
	"organization_id" integer NOT NULL,
	"center_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	CONSTRAINT "center_regions_center_id_region_id_pk" PRIMARY KEY("center_id","region_id")
);
--> statement-breakpoint
CREATE TABLE "center_revenue_targets" (
	"organization_id" integer NOT NULL,
	"center_id" integer NOT NULL,
	"year" integer NOT NULL,
	"month_id" integer NOT NULL,
	"revenue" numeric(12, 2) NOT NULL,
	CONSTRAINT "center_revenue_targets_center_id_year_month_id_pk" PRIMARY KEY("center_id","year","month_id"),
	CONSTRAINT "center_revenue_targets_month_check" CHECK ("center_revenue_targets"."month_id" between 1 and 12),
	CONSTRAINT "center_revenue_targets_revenue_check" CHECK ("center_revenue_targets"."revenue" >= 0)
);
--> statement-breakpoint
CREATE TABLE "centers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"site_id" text DEFAULT '' NOT NULL,
	"booking_confirm_email" text NOT NULL,
	"booking_confirm_emails" text DEFAULT '' NOT NULL,
	"contact_email" text NOT NULL,
	"contact_number" text NOT NULL,
	"street" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postcode" text NOT NULL,
	"country_id" integer NOT NULL,
	"timezone_id" text NOT NULL,
	"open_time" text DEFAULT '09:00' NOT NULL,
	"close_time" text DEFAULT '20:00' NOT NULL,
	"time_format" text DEFAULT 'dd/mm' NOT NULL,
	"open_after_hours" boolean DEFAULT false NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"native_center_id" text DEFAULT '' NOT NULL,
	"lat" numeric(9, 6),
	"lon" numeric(9, 6),
	"taxes_label" text DEFAULT '' NOT NULL,
	"taxes_percent" numeric(5, 2),
	"taxes_type" text DEFAULT '' NOT NULL,
	"stripe_publishable_key" text DEFAULT '' NOT NULL,
	"stripe_secret_key_enc" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "centers_org_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "centers_hours_check" CHECK ("centers"."open_time" ~ '^[0-2][0-9]:[0-5][0-9]$' and "centers"."close_time" ~ '^[0-2][0-9]:[0-5][0-9]$' and "centers"."open_time" < "centers"."close_time"),
	CONSTRAINT "centers_time_format_check" CHECK ("centers"."time_format" in ('dd/mm','mm/dd')),
	CONSTRAINT "centers_taxes_percent_check" CHECK ("centers"."taxes_percent" is null or "centers"."taxes_percent" between 0 and 99)
);
--> statement-breakpoint
ALTER TABLE "center_regions" ADD CONSTRAINT "center_regions_organization_id_center_id_centers_organization_id_id_fk" FOREIGN KEY ("organization_id","center_id") REFERENCES "public"."centers"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "center_regions" ADD CONSTRAINT "center_regions_organization_id_region_id_regions_organization_id_id_fk" FOREIGN KEY ("organization_id","region_id") REFERENCES "public"."regions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "center_revenue_targets" ADD CONSTRAINT "center_revenue_targets_organization_id_center_id_centers_organization_id_id_fk" FOREIGN KEY ("organization_id","center_id") REFERENCES "public"."centers"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centers" ADD CONSTRAINT "centers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "centers" ADD CONSTRAINT "centers_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "centers_organization_idx" ON "centers" USING btree ("organization_id");