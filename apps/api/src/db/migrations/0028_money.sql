-- Issue 42 (money): an organization's commission percent (set by super), the rate each booking
-- was made at and the commission of its room amount, of its room refunds, of its room charges'
-- refunds and of a full cancellation; the chargeable minutes the room amount pays for and the
-- minutes an extension's charge pays for, so no hour is counted on two billing lines.
ALTER TABLE "booking_additional_charge_refunds" ADD COLUMN "commission_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_additional_charges" ADD COLUMN "minutes" integer;--> statement-breakpoint
ALTER TABLE "booking_room_refunds" ADD COLUMN "commission_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "room_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "commission_rate" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "commission_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "cancellation_commission_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "commission_rate" numeric(5, 2) DEFAULT '0' NOT NULL;;--> statement-breakpoint
-- Bookings made before: the room's minutes as priced (room amount over its hourly unit), else the
-- chargeable minutes of the booking as it stands.
UPDATE "bookings" SET "room_minutes" = CASE
  WHEN "package_id" IS NOT NULL THEN "duration_minutes"
  WHEN "room_unit_amount" > 0 THEN round("room_amount" * 60 / "room_unit_amount")::integer
  ELSE greatest(0, "duration_minutes" - "gratis_minutes")
END;
