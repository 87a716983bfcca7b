CREATE TABLE "client_client_types" (
	"organization_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"client_type_id" integer NOT NULL,
	CONSTRAINT "client_client_types_client_id_client_type_id_pk" PRIMARY KEY("client_id","client_type_id")
);
--> statement-breakpoint
CREATE TABLE "client_gratis_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"used_month" text NOT NULL,
	"used_minutes" integer DEFAULT 0 NOT NULL,
	"refunded_minutes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "client_gratis_log_month_unique" UNIQUE("organization_id","client_id","used_month"),
	CONSTRAINT "client_gratis_log_minutes_check" CHECK ("client_gratis_log"."used_minutes" >= 0 and "client_gratis_log"."refunded_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"external_client_id" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"country_id" integer,
	"postcode" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_number" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"payment_method" text DEFAULT 'invoice' NOT NULL,
	"company_number" text DEFAULT '' NOT NULL,
	"send_confirmation_only" boolean DEFAULT false NOT NULL,
	"access_to_private_room" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"internal_percent_discount_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"additional_discount_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"total_minutes" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "clients_org_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "clients_discount_check" CHECK ("clients"."internal_percent_discount_rate" between 0 and 100 and "clients"."additional_discount_rate" between 0 and 100),
	CONSTRAINT "clients_gratis_check" CHECK ("clients"."total_minutes" >= 0 and "clients"."total_minutes" % 15 = 0),
	CONSTRAINT "clients_payment_method_check" CHECK ("clients"."payment_method" in ('invoice','credit_card'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mobile" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "street" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "country_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "postcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "client_client_types" ADD CONSTRAINT "client_client_types_client_type_id_client_types_id_fk" FOREIGN KEY ("client_type_id") REFERENCES "public"."client_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_client_types" ADD CONSTRAINT "client_client_types_organization_id_client_id_clients_organization_id_id_fk" FOREIGN KEY ("organization_id","client_id") REFERENCES "public"."clients"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_gratis_log" ADD CONSTRAINT "client_gratis_log_organization_id_client_id_clients_organization_id_id_fk" FOREIGN KEY ("organization_id","client_id") REFERENCES "public"."clients"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_org_name_unique" ON "clients" USING btree ("organization_id",lower("name"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organization_id_client_id_clients_organization_id_id_fk" FOREIGN KEY ("organization_id","client_id") REFERENCES "public"."clients"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_client_idx" ON "users" USING btree ("organization_id","client_id");