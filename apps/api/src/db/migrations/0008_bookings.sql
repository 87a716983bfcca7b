CREATE TABLE "booking_additional_charge_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"additional_charge_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_additional_charge_refunds_amount_check" CHECK ("booking_additional_charge_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "booking_additional_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"charge_type" text NOT NULL,
	"space_id" integer,
	"amenity_id" integer,
	"name" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"account_code" text DEFAULT '' NOT NULL,
	"inventory_item_code" text DEFAULT '' NOT NULL,
	"commission_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_additional_charges_org_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "booking_additional_charges_type_check" CHECK ("booking_additional_charges"."charge_type" in ('room','amenities')),
	CONSTRAINT "booking_additional_charges_amount_check" CHECK ("booking_additional_charges"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_amenities" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"amenity_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"quantity" numeric(8, 2) NOT NULL,
	"unit_amount" numeric(12, 2) NOT NULL,
	"total_amount" numeric(12, 2) NOT NULL,
	"not_charged" boolean DEFAULT false NOT NULL,
	"account_code" text DEFAULT '' NOT NULL,
	"inventory_item_code" text DEFAULT '' NOT NULL,
	CONSTRAINT "booking_amenities_org_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "booking_amenities_type_check" CHECK ("booking_amenities"."type" in ('hour','attendee','flat')),
	CONSTRAINT "booking_amenities_amount_check" CHECK ("booking_amenities"."unit_amount" >= 0 and "booking_amenities"."total_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_amenity_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"booking_amenity_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"tax_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_amenity_refunds_amount_check" CHECK ("booking_amenity_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "booking_occupancy" (
	"organization_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"during" "tstzrange" NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_reschedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"center_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"rescheduled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_room_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_room_refunds_amount_check" CHECK ("booking_room_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "booking_workflow_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"workflow_name" text NOT NULL,
	"status" text NOT NULL,
	"remarks" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"booking_prefix" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"transaction_id" text DEFAULT '' NOT NULL,
	"is_paid" boolean DEFAULT false NOT NULL,
	"booking_confirm_at" timestamp with time zone,
	"center_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"attendees" integer NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"submitted_by" integer NOT NULL,
	"currency" text NOT NULL,
	"package_id" integer,
	"package_name" text DEFAULT '' NOT NULL,
	"package_rate" numeric(12, 2),
	"room_rate_unit" text DEFAULT '' NOT NULL,
	"room_unit_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"room_amount" numeric(12, 2) NOT NULL,
	"original_amount" numeric(12, 2) NOT NULL,
	"room_rate_modified" boolean DEFAULT false NOT NULL,
	"rate_modified_by" integer,
	"gratis_minutes" integer DEFAULT 0 NOT NULL,
	"refunded_gratis_minutes" integer DEFAULT 0 NOT NULL,
	"rate_level" text DEFAULT 'standard' NOT NULL,
	"rate_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"internal_discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"voucher_id" integer,
	"voucher_code" text DEFAULT '' NOT NULL,
	"voucher_type" text DEFAULT '' NOT NULL,
	"voucher_value" numeric(12, 2) DEFAULT '0' NOT NULL,
	"voucher_discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"additional_discount_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"additional_discount_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"room_amount_after_discount" numeric(12, 2) NOT NULL,
	"partial_room_amount_refund" numeric(12, 2) DEFAULT '0' NOT NULL,
	"tax_label" text DEFAULT '' NOT NULL,
	"tax_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"sub_total" numeric(12, 2) NOT NULL,
	"net_amount" numeric(12, 2) NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"special_requirement" text DEFAULT '' NOT NULL,
	"post_booking_notes" text DEFAULT '' NOT NULL,
	"rescheduled" boolean DEFAULT false NOT NULL,
	"recurring_id" integer,
	"is_ms365_booking" boolean DEFAULT false NOT NULL,
	"is_calendar_booking" boolean DEFAULT false NOT NULL,
	"exported" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_org_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('tentative','confirmed','cancelled')),
	CONSTRAINT "bookings_payment_status_check" CHECK ("bookings"."payment_status" in ('invoice','card')),
	CONSTRAINT "bookings_time_check" CHECK ("bookings"."start_time" < "bookings"."end_time"),
	CONSTRAINT "bookings_attendees_check" CHECK ("bookings"."attendees" >= 1),
	CONSTRAINT "bookings_gratis_check" CHECK ("bookings"."gratis_minutes" >= 0 and "bookings"."refunded_gratis_minutes" between 0 and "bookings"."gratis_minutes"),
	CONSTRAINT "bookings_rate_level_check" CHECK ("bookings"."rate_level" in ('standard','internal')),
	CONSTRAINT "bookings_amounts_check" CHECK ("bookings"."room_amount" >= 0 and "bookings"."sub_total" >= 0 and "bookings"."net_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "recurring_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"until_date" date,
	"occurrences" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_series_org_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "recurring_series_frequency_check" CHECK ("recurring_series"."frequency" in ('daily','weekly','monthly'))
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" numeric(12, 2) NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vouchers_org_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "vouchers_org_code_unique" UNIQUE("organization_id","code"),
	CONSTRAINT "vouchers_type_check" CHECK ("vouchers"."type" in ('percent','fixed')),
	CONSTRAINT "vouchers_value_check" CHECK ("vouchers"."value" > 0 and ("vouchers"."type" = 'fixed' or "vouchers"."value" <= 100)),
	CONSTRAINT "vouchers_dates_check" CHECK ("vouchers"."valid_from" <= "vouchers"."valid_to")
);
--> statement-breakpoint
ALTER TABLE "booking_additional_charge_refunds" ADD CONSTRAINT "booking_additional_charge_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_additional_charge_refunds" ADD CONSTRAINT "booking_additional_charge_refunds_organization_id_additional_charge_id_booking_additional_charges_organization_id_id_fk" FOREIGN KEY ("organization_id","additional_charge_id") REFERENCES "public"."booking_additional_charges"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_additional_charges" ADD CONSTRAINT "booking_additional_charges_amenity_id_amenities_id_fk" FOREIGN KEY ("amenity_id") REFERENCES "public"."amenities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_additional_charges" ADD CONSTRAINT "booking_additional_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_additional_charges" ADD CONSTRAINT "booking_additional_charges_organization_id_booking_id_bookings_organization_id_id_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_additional_charges" ADD CONSTRAINT "booking_additional_charges_organization_id_space_id_spaces_organization_id_id_fk" FOREIGN KEY ("organization_id","space_id") REFERENCES "public"."spaces"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_amenities" ADD CONSTRAINT "booking_amenities_amenity_id_amenities_id_fk" FOREIGN KEY ("amenity_id") REFERENCES "public"."amenities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_amenities" ADD CONSTRAINT "booking_amenities_organization_id_booking_id_bookings_organization_id_id_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_amenity_refunds" ADD CONSTRAINT "booking_amenity_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_amenity_refunds" ADD CONSTRAINT "booking_amenity_refunds_organization_id_booking_amenity_id_booking_amenities_organization_id_id_fk" FOREIGN KEY ("organization_id","booking_amenity_id") REFERENCES "public"."booking_amenities"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_occupancy" ADD CONSTRAINT "booking_occupancy_organization_id_booking_id_bookings_organization_id_id_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_occupancy" ADD CONSTRAINT "booking_occupancy_organization_id_space_id_spaces_organization_id_id_fk" FOREIGN KEY ("organization_id","space_id") REFERENCES "public"."spaces"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reschedules" ADD CONSTRAINT "booking_reschedules_rescheduled_by_users_id_fk" FOREIGN KEY ("rescheduled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reschedules" ADD CONSTRAINT "booking_reschedules_organization_id_booking_id_bookings_organization_id_id_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reschedules" ADD CONSTRAINT "booking_reschedules_organization_id_center_id_centers_organization_id_id_fk" FOREIGN KEY ("organization_id","center_id") REFERENCES "public"."centers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reschedules" ADD CONSTRAINT "booking_reschedules_organization_id_space_id_spaces_organization_id_id_fk" FOREIGN KEY ("organization_id","space_id") REFERENCES "public"."spaces"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_room_refunds" ADD CONSTRAINT "booking_room_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_room_refunds" ADD CONSTRAINT "booking_room_refunds_organization_id_booking_id_bookings_organization_id_id_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_workflow_logs" ADD CONSTRAINT "booking_workflow_logs_organization_id_booking_id_bookings_organization_id_id_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_rate_modified_by_users_id_fk" FOREIGN KEY ("rate_modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organization_id_center_id_centers_organization_id_id_fk" FOREIGN KEY ("organization_id","center_id") REFERENCES "public"."centers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organization_id_space_id_spaces_organization_id_id_fk" FOREIGN KEY ("organization_id","space_id") REFERENCES "public"."spaces"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organization_id_client_id_clients_organization_id_id_fk" FOREIGN KEY ("organization_id","client_id") REFERENCES "public"."clients"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organization_id_package_id_packages_organization_id_id_fk" FOREIGN KEY ("organization_id","package_id") REFERENCES "public"."packages"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organization_id_voucher_id_vouchers_organization_id_id_fk" FOREIGN KEY ("organization_id","voucher_id") REFERENCES "public"."vouchers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_organization_id_recurring_id_recurring_series_organization_id_id_fk" FOREIGN KEY ("organization_id","recurring_id") REFERENCES "public"."recurring_series"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_series" ADD CONSTRAINT "recurring_series_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_series" ADD CONSTRAINT "recurring_series_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_additional_charges_booking_idx" ON "booking_additional_charges" USING btree ("organization_id","booking_id");--> statement-breakpoint
CREATE INDEX "booking_amenities_booking_idx" ON "booking_amenities" USING btree ("organization_id","booking_id");--> statement-breakpoint
CREATE INDEX "booking_occupancy_booking_idx" ON "booking_occupancy" USING btree ("organization_id","booking_id");--> statement-breakpoint
CREATE INDEX "booking_reschedules_booking_idx" ON "booking_reschedules" USING btree ("organization_id","booking_id");--> statement-breakpoint
CREATE INDEX "booking_room_refunds_booking_idx" ON "booking_room_refunds" USING btree ("organization_id","booking_id");--> statement-breakpoint
CREATE INDEX "booking_workflow_logs_booking_idx" ON "booking_workflow_logs" USING btree ("organization_id","booking_id");--> statement-breakpoint
CREATE INDEX "bookings_org_start_idx" ON "bookings" USING btree ("organization_id","start_time");--> statement-breakpoint
CREATE INDEX "bookings_space_start_idx" ON "bookings" USING btree ("organization_id","space_id","start_time");--> statement-breakpoint
CREATE INDEX "bookings_client_idx" ON "bookings" USING btree ("organization_id","client_id");--> statement-breakpoint
CREATE INDEX "bookings_recurring_idx" ON "bookings" USING btree ("organization_id","recurring_id");--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "booking_occupancy" ADD CONSTRAINT "booking_occupancy_no_overlap" EXCLUDE USING gist ("organization_id" WITH =, "space_id" WITH =, "during" WITH &&) WHERE ("active");--> statement-breakpoint
ALTER TABLE "booking_occupancy" ADD CONSTRAINT "booking_occupancy_during_check" CHECK (NOT isempty("during") AND lower_inc("during") AND NOT upper_inc("during"));
