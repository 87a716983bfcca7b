CREATE TABLE "space_amenities" (
	"organization_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"amenity_id" integer NOT NULL,
	"charge_type" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "space_amenities_space_id_amenity_id_pk" PRIMARY KEY("space_id","amenity_id"),
	CONSTRAINT "space_amenities_type_check" CHECK ("space_amenities"."charge_type" in ('flat','attendee','hour')),
	CONSTRAINT "space_amenities_amount_check" CHECK ("space_amenities"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "space_blackout_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	CONSTRAINT "space_blackout_periods_range_check" CHECK ("space_blackout_periods"."end_date" is null or "space_blackout_periods"."end_date" >= "space_blackout_periods"."start_date")
);
--> statement-breakpoint
CREATE TABLE "space_children" (
	"organization_id" integer NOT NULL,
	"parent_id" integer NOT NULL,
	"child_id" integer NOT NULL,
	CONSTRAINT "space_children_parent_id_child_id_pk" PRIMARY KEY("parent_id","child_id"),
	CONSTRAINT "space_children_self_check" CHECK ("space_children"."parent_id" <> "space_children"."child_id")
);
--> statement-breakpoint
CREATE TABLE "space_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "space_rates" (
	"organization_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"unit" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "space_rates_space_id_unit_pk" PRIMARY KEY("space_id","unit"),
	CONSTRAINT "space_rates_unit_check" CHECK ("space_rates"."unit" in ('hour','halfday','day')),
	CONSTRAINT "space_rates_amount_check" CHECK ("space_rates"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "spaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"center_id" integer NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"private_room" boolean DEFAULT false NOT NULL,
	"minimum_duration_minutes" integer NOT NULL,
	"maximum_duration_minutes" integer NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"description" text NOT NULL,
	"room_type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"native_meetingroom_id" text DEFAULT '' NOT NULL,
	"pre_makeup_minutes" integer DEFAULT 0 NOT NULL,
	"post_makeup_minutes" integer DEFAULT 0 NOT NULL,
	"security_bond_required" boolean DEFAULT false NOT NULL,
	"security_bond_amount" numeric(12, 2),
	"site_access_instructions" text DEFAULT '' NOT NULL,
	"calendar_type" text,
	"google_account_email" text DEFAULT '' NOT NULL,
	"service_account_email" text DEFAULT '' NOT NULL,
	"service_account_private_key_enc" text,
	"ms_365_resource_email" text DEFAULT '' NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "spaces_org_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "spaces_capacity_check" CHECK ("spaces"."capacity" between 0 and 99999),
	CONSTRAINT "spaces_duration_check" CHECK ("spaces"."minimum_duration_minutes" >= 0 and "spaces"."maximum_duration_minutes" <= 1440 and "spaces"."minimum_duration_minutes" <= "spaces"."maximum_duration_minutes"),
	CONSTRAINT "spaces_window_check" CHECK ("spaces"."start_time" < "spaces"."end_time"),
	CONSTRAINT "spaces_makeup_check" CHECK ("spaces"."pre_makeup_minutes" >= 0 and "spaces"."post_makeup_minutes" >= 0),
	CONSTRAINT "spaces_bond_check" CHECK ("spaces"."security_bond_amount" is null or "spaces"."security_bond_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "space_amenities" ADD CONSTRAINT "space_amenities_amenity_id_amenities_id_fk" FOREIGN KEY ("amenity_id") REFERENCES "public"."amenities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_amenities" ADD CONSTRAINT "space_amenities_organization_id_space_id_spaces_organization_id_id_fk" FOREIGN KEY ("organization_id","space_id") REFERENCES "public"."spaces"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_blackout_periods" ADD CONSTRAINT "space_blackout_periods_organization_id_space_id_spaces_organization_id_id_fk" FOREIGN KEY ("organization_id","space_id") REFERENCES "public"."spaces"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_children" ADD CONSTRAINT "space_children_organization_id_parent_id_spaces_organization_id_id_fk" FOREIGN KEY ("organization_id","parent_id") REFERENCES "public"."spaces"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_children" ADD CONSTRAINT "space_children_organization_id_child_id_spaces_organization_id_id_fk" FOREIGN KEY ("organization_id","child_id") REFERENCES "public"."spaces"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_photos" ADD CONSTRAINT "space_photos_organization_id_space_id_spaces_organization_id_id_fk" FOREIGN KEY ("organization_id","space_id") REFERENCES "public"."spaces"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_rates" ADD CONSTRAINT "space_rates_organization_id_space_id_spaces_organization_id_id_fk" FOREIGN KEY ("organization_id","space_id") REFERENCES "public"."spaces"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spaces" ADD CONSTRAINT "spaces_organization_id_center_id_centers_organization_id_id_fk" FOREIGN KEY ("organization_id","center_id") REFERENCES "public"."centers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "space_children_child_idx" ON "space_children" USING btree ("child_id");--> statement-breakpoint
CREATE INDEX "spaces_center_idx" ON "spaces" USING btree ("organization_id","center_id");