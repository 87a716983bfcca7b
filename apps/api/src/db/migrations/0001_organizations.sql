CREATE TABLE "client_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_types_default_check" CHECK (("client_types"."is_default" and "client_types"."organization_id" is null) or (not "client_types"."is_default" and "client_types"."organization_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "organization_billing_sheet_columns" (
	"organization_id" integer NOT NULL,
	"column_key" text NOT NULL,
	"custom_name" text NOT NULL,
	CONSTRAINT "organization_billing_sheet_columns_organization_id_column_key_pk" PRIMARY KEY("organization_id","column_key")
);
--> statement-breakpoint
CREATE TABLE "organization_blackout_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_blackout_periods_org_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "organization_blackout_periods_range_check" CHECK ("organization_blackout_periods"."end_date" is null or "organization_blackout_periods"."end_date" >= "organization_blackout_periods"."start_date")
);
--> statement-breakpoint
CREATE TABLE "organization_client_types" (
	"organization_id" integer NOT NULL,
	"client_type_id" integer NOT NULL,
	CONSTRAINT "organization_client_types_organization_id_client_type_id_pk" PRIMARY KEY("organization_id","client_type_id")
);
--> statement-breakpoint
CREATE TABLE "organization_room_types" (
	"organization_id" integer NOT NULL,
	"room_type" text NOT NULL,
	"account_code" text DEFAULT '' NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	CONSTRAINT "organization_room_types_organization_id_room_type_pk" PRIMARY KEY("organization_id","room_type")
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"parent_id" integer,
	"global_region_id" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regions_org_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "regions_parent_check" CHECK ("regions"."parent_id" is null or "regions"."parent_id" <> "regions"."id")
);
--> statement-breakpoint
CREATE TABLE "amenities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"icon" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_amenities" (
	"organization_id" integer NOT NULL,
	"amenity_id" integer NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"account_code" text DEFAULT '' NOT NULL,
	CONSTRAINT "organization_amenities_organization_id_amenity_id_pk" PRIMARY KEY("organization_id","amenity_id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mh_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "org_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "banking_details" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "company_registration_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "postcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "country_id" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "booking_prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "refund_prefix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "invoice_numbering" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "monthly_billing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "contact_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "contact_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "website" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "contact_us_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "booking_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "sender_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "facebook_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "twitter_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "linkedin_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "instagram_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "currency_code" text DEFAULT 'aud' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "client_default_payment_method" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "color" text DEFAULT 'Orange-Grey' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "minimum_notice_period" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "taxes_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "taxes_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "taxes_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "tax_type" text DEFAULT 'exclusive' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "month_id" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "organization_region_id" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "third_party_org_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "third_party_customer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "third_party_username" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "third_party_password_enc" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "api_token_hash" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "web_api_token_hash" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "enable_api" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "stripe_publishable_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "stripe_secret_key_enc" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "google_analytics_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "mh_customer_id" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "exclude_from_reporting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "use_email_template" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "ms365_tenant_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "ms365_client_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "ms365_client_secret_enc" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "ms365_proxy_user_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "ms365_default_client_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "features" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "client_types" ADD CONSTRAINT "client_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_billing_sheet_columns" ADD CONSTRAINT "organization_billing_sheet_columns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_blackout_periods" ADD CONSTRAINT "organization_blackout_periods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_client_types" ADD CONSTRAINT "organization_client_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_client_types" ADD CONSTRAINT "organization_client_types_client_type_id_client_types_id_fk" FOREIGN KEY ("client_type_id") REFERENCES "public"."client_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_room_types" ADD CONSTRAINT "organization_room_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_global_region_id_global_regions_id_fk" FOREIGN KEY ("global_region_id") REFERENCES "public"."global_regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regions" ADD CONSTRAINT "regions_organization_id_parent_id_regions_organization_id_id_fk" FOREIGN KEY ("organization_id","parent_id") REFERENCES "public"."regions"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_amenities" ADD CONSTRAINT "organization_amenities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_amenities" ADD CONSTRAINT "organization_amenities_amenity_id_amenities_id_fk" FOREIGN KEY ("amenity_id") REFERENCES "public"."amenities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_types_org_name_unique" ON "client_types" USING btree (coalesce("organization_id", 0),lower("name"));--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_organization_region_id_global_regions_id_fk" FOREIGN KEY ("organization_region_id") REFERENCES "public"."global_regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_mh_customer_id_unique" ON "organizations" USING btree ("mh_customer_id") WHERE "organizations"."mh_customer_id" <> '';--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_notice_check" CHECK ("organizations"."minimum_notice_period" between 0 and 10);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_month_check" CHECK ("organizations"."month_id" between 1 and 12);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_taxes_percent_check" CHECK ("organizations"."taxes_percent" is null or "organizations"."taxes_percent" between 0 and 99);