CREATE TABLE "billing_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"exported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"exported_by" integer,
	CONSTRAINT "billing_exports_org_id_unique" UNIQUE("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "billing_line_exports" (
	"organization_id" integer NOT NULL,
	"line_kind" text NOT NULL,
	"line_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"export_id" integer NOT NULL,
	"exported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_line_exports_organization_id_line_kind_line_id_pk" PRIMARY KEY("organization_id","line_kind","line_id"),
	CONSTRAINT "billing_line_exports_kind_check" CHECK ("billing_line_exports"."line_kind" in ('room','amenity','charge','room-refund','amenity-refund','charge-refund','cancellation'))
);
--> statement-breakpoint
ALTER TABLE "billing_exports" ADD CONSTRAINT "billing_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_exports" ADD CONSTRAINT "billing_exports_exported_by_users_id_fk" FOREIGN KEY ("exported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_line_exports" ADD CONSTRAINT "billing_line_exports_organization_id_booking_id_bookings_organization_id_id_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_line_exports" ADD CONSTRAINT "billing_line_exports_organization_id_export_id_billing_exports_organization_id_id_fk" FOREIGN KEY ("organization_id","export_id") REFERENCES "public"."billing_exports"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_line_exports_export_idx" ON "billing_line_exports" USING btree ("organization_id","export_id","booking_id");--> statement-breakpoint
CREATE INDEX "billing_line_exports_booking_idx" ON "billing_line_exports" USING btree ("organization_id","booking_id");