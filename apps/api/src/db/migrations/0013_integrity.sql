-- Issue 15. Data first, so that the unique indexes below can be built on an existing database.
-- Active organizations sharing a name (any case): all but the oldest get their id appended.
UPDATE "organizations" o SET "name" = o."name" || ' (' || o."id" || ')'
WHERE o."deleted_at" IS NULL AND EXISTS (
  SELECT 1 FROM "organizations" p
  WHERE p."deleted_at" IS NULL AND lower(p."name") = lower(o."name") AND p."id" < o."id"
);--> statement-breakpoint
-- Organizations sharing a booking or refund prefix (any case): all but the oldest get their id appended.
UPDATE "organizations" o SET "booking_prefix" = o."booking_prefix" || o."id"
WHERE o."booking_prefix" <> '' AND EXISTS (
  SELECT 1 FROM "organizations" p WHERE upper(p."booking_prefix") = upper(o."booking_prefix") AND p."id" < o."id"
);--> statement-breakpoint
UPDATE "organizations" o SET "refund_prefix" = o."refund_prefix" || o."id"
WHERE o."refund_prefix" <> '' AND EXISTS (
  SELECT 1 FROM "organizations" p WHERE upper(p."refund_prefix") = upper(o."refund_prefix") AND p."id" < o."id"
);--> statement-breakpoint
-- A cancelled booking's stored net amount is what it comes to after its cancellation refund.
UPDATE "bookings" SET "net_amount" = greatest(0, "net_amount" - "cancellation_refund_amount")
WHERE "status" = 'cancelled' AND "cancellation_refund_amount" > 0;--> statement-breakpoint
-- A record in use is not deleted from under its users: the service refuses, saying where it is
-- used; these foreign keys no longer cascade, so the database refuses too.
ALTER TABLE "organization_amenities" DROP CONSTRAINT "organization_amenities_amenity_id_amenities_id_fk";
--> statement-breakpoint
ALTER TABLE "center_regions" DROP CONSTRAINT "center_regions_organization_id_region_id_regions_organization_id_id_fk";
--> statement-breakpoint
ALTER TABLE "client_client_types" DROP CONSTRAINT "client_client_types_client_type_id_client_types_id_fk";
--> statement-breakpoint
ALTER TABLE "package_centers" DROP CONSTRAINT "package_centers_organization_id_center_id_centers_organization_id_id_fk";
--> statement-breakpoint
ALTER TABLE "package_spaces" DROP CONSTRAINT "package_spaces_organization_id_space_id_spaces_organization_id_id_fk";
--> statement-breakpoint
ALTER TABLE "space_amenities" DROP CONSTRAINT "space_amenities_amenity_id_amenities_id_fk";
--> statement-breakpoint
ALTER TABLE "space_children" DROP CONSTRAINT "space_children_organization_id_child_id_spaces_organization_id_id_fk";
--> statement-breakpoint
ALTER TABLE "organization_amenities" ADD CONSTRAINT "organization_amenities_amenity_id_amenities_id_fk" FOREIGN KEY ("amenity_id") REFERENCES "public"."amenities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "center_regions" ADD CONSTRAINT "center_regions_organization_id_region_id_regions_organization_id_id_fk" FOREIGN KEY ("organization_id","region_id") REFERENCES "public"."regions"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_client_types" ADD CONSTRAINT "client_client_types_client_type_id_client_types_id_fk" FOREIGN KEY ("client_type_id") REFERENCES "public"."client_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_centers" ADD CONSTRAINT "package_centers_organization_id_center_id_centers_organization_id_id_fk" FOREIGN KEY ("organization_id","center_id") REFERENCES "public"."centers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_spaces" ADD CONSTRAINT "package_spaces_organization_id_space_id_spaces_organization_id_id_fk" FOREIGN KEY ("organization_id","space_id") REFERENCES "public"."spaces"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_amenities" ADD CONSTRAINT "space_amenities_amenity_id_amenities_id_fk" FOREIGN KEY ("amenity_id") REFERENCES "public"."amenities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "space_children" ADD CONSTRAINT "space_children_organization_id_child_id_spaces_organization_id_id_fk" FOREIGN KEY ("organization_id","child_id") REFERENCES "public"."spaces"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_active_name_unique" ON "organizations" USING btree (lower("name")) WHERE "organizations"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_booking_prefix_unique" ON "organizations" USING btree (upper("booking_prefix")) WHERE "organizations"."booking_prefix" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "organizations_refund_prefix_unique" ON "organizations" USING btree (upper("refund_prefix")) WHERE "organizations"."refund_prefix" <> '';