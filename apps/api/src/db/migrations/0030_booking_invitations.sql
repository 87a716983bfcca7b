-- Issue 42 item 9: the SEQUENCE of each booking's calendar invitation, raised by every change its
-- mails tell a calendar (a reschedule, a confirmation, a cancellation), so an attendee's calendar
-- takes each as newer than the last. A booking without a row has sent only its first invitation (0).
CREATE TABLE "booking_invitations" (
	"organization_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	CONSTRAINT "booking_invitations_pkey" PRIMARY KEY("organization_id","booking_id")
);
--> statement-breakpoint
ALTER TABLE "booking_invitations" ADD CONSTRAINT "booking_invitations_organization_id_booking_id_bookings_organization_id_id_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Until now the SEQUENCE was the booking's count of moves, one more once cancelled: go on from there.
INSERT INTO "booking_invitations" ("organization_id", "booking_id", "sequence")
SELECT b."organization_id", b."id",
  (SELECT count(*) FROM "booking_reschedules" r WHERE r."organization_id" = b."organization_id" AND r."booking_id" = b."id")
  + CASE WHEN b."status" = 'cancelled' THEN 1 ELSE 0 END
FROM "bookings" b
WHERE b."status" = 'cancelled'
  OR EXISTS (SELECT 1 FROM "booking_reschedules" r WHERE r."organization_id" = b."organization_id" AND r."booking_id" = b."id");
