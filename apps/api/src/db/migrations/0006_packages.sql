CREATE TABLE "package_centers" (
	"organization_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"center_id" integer NOT NULL,
	CONSTRAINT "package_centers_package_id_center_id_pk" PRIMARY KEY("package_id","center_id")
);
--> statement-breakpoint
CREATE TABLE "package_spaces" (
	"organization_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	CONSTRAINT "package_spaces_package_id_space_id_pk" PRIMARY KEY("package_id","space_id")
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"min_attendees" integer NOT NULL,
	"type" text NOT NULL,
	"duration_minutes" integer,
	"start_time" text,
	"end_time" text,
	"services" text DEFAULT '' NOT NULL,
	"rate" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'enable' NOT NULL,
	"account_code" text DEFAULT '' NOT NULL,
	"inventory_item_code" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_org_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "packages_type_check" CHECK ("packages"."type" in ('duration','fixed')),
	CONSTRAINT "packages_status_check" CHECK ("packages"."status" in ('enable','disable')),
	CONSTRAINT "packages_rate_check" CHECK ("packages"."rate" >= 0),
	CONSTRAINT "packages_shape_check" CHECK (("packages"."type" = 'duration' and "packages"."duration_minutes" > 0) or ("packages"."type" = 'fixed' and "packages"."start_time" < "packages"."end_time"))
);
--> statement-breakpoint
ALTER TABLE "package_centers" ADD CONSTRAINT "package_centers_organization_id_package_id_packages_organization_id_id_fk" FOREIGN KEY ("organization_id","package_id") REFERENCES "public"."packages"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_centers" ADD CONSTRAINT "package_centers_organization_id_center_id_centers_organization_id_id_fk" FOREIGN KEY ("organization_id","center_id") REFERENCES "public"."centers"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_spaces" ADD CONSTRAINT "package_spaces_organization_id_package_id_packages_organization_id_id_fk" FOREIGN KEY ("organization_id","package_id") REFERENCES "public"."packages"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_spaces" ADD CONSTRAINT "package_spaces_organization_id_space_id_spaces_organization_id_id_fk" FOREIGN KEY ("organization_id","space_id") REFERENCES "public"."spaces"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;