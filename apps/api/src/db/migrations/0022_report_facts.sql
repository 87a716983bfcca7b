CREATE TABLE "report_client_month_facts" (
	"organization_id" integer NOT NULL,
	"center_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"month" date NOT NULL,
	"bookings" integer NOT NULL,
	"minutes" bigint NOT NULL,
	"revenue_inc_tax_inc_amenity" bigint NOT NULL,
	"revenue_inc_tax_ex_amenity" bigint NOT NULL,
	"revenue_ex_tax_inc_amenity" bigint NOT NULL,
	"revenue_ex_tax_ex_amenity" bigint NOT NULL,
	"gratis_bookings" integer NOT NULL,
	"gratis_minutes" bigint NOT NULL,
	CONSTRAINT "report_client_month_facts_organization_id_month_center_id_client_id_pk" PRIMARY KEY("organization_id","month","center_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "report_dimension_month_facts" (
	"organization_id" integer NOT NULL,
	"dimension" text NOT NULL,
	"month" date NOT NULL,
	"center_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"value" text NOT NULL,
	"bookings" integer NOT NULL,
	"minutes" bigint NOT NULL,
	"lead_minutes" bigint NOT NULL,
	"voucher_cents" bigint NOT NULL,
	CONSTRAINT "report_dimension_month_facts_organization_id_dimension_month_center_id_space_id_value_pk" PRIMARY KEY("organization_id","dimension","month","center_id","space_id","value")
);
--> statement-breakpoint
CREATE TABLE "report_space_month_facts" (
	"organization_id" integer NOT NULL,
	"center_id" integer NOT NULL,
	"space_id" integer NOT NULL,
	"month" date NOT NULL,
	"bookings" integer NOT NULL,
	"minutes" bigint NOT NULL,
	"revenue_inc_tax_inc_amenity" bigint NOT NULL,
	"revenue_inc_tax_ex_amenity" bigint NOT NULL,
	"revenue_ex_tax_inc_amenity" bigint NOT NULL,
	"revenue_ex_tax_ex_amenity" bigint NOT NULL,
	"gratis_bookings" integer NOT NULL,
	"gratis_minutes" bigint NOT NULL,
	CONSTRAINT "report_space_month_facts_organization_id_month_center_id_space_id_pk" PRIMARY KEY("organization_id","month","center_id","space_id")
);
--> statement-breakpoint
CREATE TABLE "report_stale_months" (
	"organization_id" integer NOT NULL,
	"month" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_user_month_facts" (
	"organization_id" integer NOT NULL,
	"center_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"month" date NOT NULL,
	"bookings" integer NOT NULL,
	"minutes" bigint NOT NULL,
	"revenue_inc_tax_inc_amenity" bigint NOT NULL,
	"revenue_inc_tax_ex_amenity" bigint NOT NULL,
	"revenue_ex_tax_inc_amenity" bigint NOT NULL,
	"revenue_ex_tax_ex_amenity" bigint NOT NULL,
	"gratis_bookings" integer NOT NULL,
	"gratis_minutes" bigint NOT NULL,
	CONSTRAINT "report_user_month_facts_organization_id_month_center_id_user_id_pk" PRIMARY KEY("organization_id","month","center_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "report_stale_months_idx" ON "report_stale_months" USING btree ("organization_id","month");--> statement-breakpoint
-- Triggers rather than calls in the services: every path that writes a booking, its amenities or
-- their refunds names the booking's local month stale in the same transaction. Replica mode (the
-- seed, the benches' loads) fires none: those name every month themselves.
CREATE FUNCTION "mark_report_month_stale"("p_organization_id" integer, "p_center_id" integer, "p_start" timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "v_month" date;
BEGIN
  SELECT date_trunc('month', "p_start" AT TIME ZONE c."timezone_id")::date INTO "v_month"
  FROM "centers" c WHERE c."id" = "p_center_id";
  IF "v_month" IS NULL THEN
    RETURN;
  END IF;
  -- Always a row of its own: a mark already there may be one that a rebuild is taking right now
  -- (deleted, not yet committed), built from a snapshot without this transaction's change.
  INSERT INTO "report_stale_months" ("organization_id", "month") VALUES ("p_organization_id", "v_month");
END
$$;--> statement-breakpoint
CREATE FUNCTION "booking_report_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "mark_report_month_stale"(OLD."organization_id", OLD."center_id", OLD."start_time");
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM "mark_report_month_stale"(NEW."organization_id", NEW."center_id", NEW."start_time");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_report_stale" AFTER INSERT OR DELETE ON "bookings"
FOR EACH ROW EXECUTE FUNCTION "booking_report_stale"();--> statement-breakpoint
-- Only the columns a report measure reads (facts.repository.ts): paid flags, notes and the like
-- leave the facts as they are.
CREATE TRIGGER "bookings_report_stale_update" AFTER UPDATE ON "bookings"
FOR EACH ROW WHEN (
  OLD."organization_id" IS DISTINCT FROM NEW."organization_id" OR OLD."status" IS DISTINCT FROM NEW."status"
  OR OLD."start_time" IS DISTINCT FROM NEW."start_time" OR OLD."center_id" IS DISTINCT FROM NEW."center_id"
  OR OLD."space_id" IS DISTINCT FROM NEW."space_id" OR OLD."client_id" IS DISTINCT FROM NEW."client_id"
  OR OLD."duration_minutes" IS DISTINCT FROM NEW."duration_minutes" OR OLD."sub_total" IS DISTINCT FROM NEW."sub_total"
  OR OLD."tax_amount" IS DISTINCT FROM NEW."tax_amount" OR OLD."tax_percentage" IS DISTINCT FROM NEW."tax_percentage"
  OR OLD."gratis_minutes" IS DISTINCT FROM NEW."gratis_minutes"
  OR OLD."refunded_gratis_minutes" IS DISTINCT FROM NEW."refunded_gratis_minutes"
) EXECUTE FUNCTION "booking_report_stale"();--> statement-breakpoint
CREATE FUNCTION "booking_amenity_report_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "v_row" "booking_amenities";
BEGIN
  IF TG_OP = 'DELETE' THEN "v_row" := OLD; ELSE "v_row" := NEW; END IF;
  PERFORM "mark_report_month_stale"(b."organization_id", b."center_id", b."start_time")
  FROM "bookings" b WHERE b."organization_id" = "v_row"."organization_id" AND b."id" = "v_row"."booking_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "booking_amenities_report_stale" AFTER INSERT OR UPDATE OR DELETE ON "booking_amenities"
FOR EACH ROW EXECUTE FUNCTION "booking_amenity_report_stale"();--> statement-breakpoint
CREATE FUNCTION "booking_amenity_refund_report_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "v_row" "booking_amenity_refunds";
BEGIN
  IF TG_OP = 'DELETE' THEN "v_row" := OLD; ELSE "v_row" := NEW; END IF;
  PERFORM "mark_report_month_stale"(b."organization_id", b."center_id", b."start_time")
  FROM "booking_amenities" a
  JOIN "bookings" b ON b."organization_id" = a."organization_id" AND b."id" = a."booking_id"
  WHERE a."organization_id" = "v_row"."organization_id" AND a."id" = "v_row"."booking_amenity_id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "booking_amenity_refunds_report_stale" AFTER INSERT OR UPDATE OR DELETE ON "booking_amenity_refunds"
FOR EACH ROW EXECUTE FUNCTION "booking_amenity_refund_report_stale"();--> statement-breakpoint
-- A location's new zone moves its bookings' local months: every month in either zone is stale.
CREATE FUNCTION "center_report_stale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "report_stale_months" ("organization_id", "month")
  SELECT DISTINCT b."organization_id", date_trunc('month', b."start_time" AT TIME ZONE z."zone")::date
  FROM "bookings" b CROSS JOIN (VALUES (OLD."timezone_id"), (NEW."timezone_id")) AS z("zone")
  WHERE b."organization_id" = NEW."organization_id" AND b."center_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "centers_report_stale" AFTER UPDATE OF "timezone_id" ON "centers"
FOR EACH ROW WHEN (OLD."timezone_id" IS DISTINCT FROM NEW."timezone_id") EXECUTE FUNCTION "center_report_stale"();--> statement-breakpoint
-- Every month that has bookings: what a bulk load in replica mode (the seed, the benches) calls
-- afterwards, as no trigger named them; and this migration for the bookings already there. Each is
-- built on first read.
CREATE FUNCTION "mark_every_report_month_stale"() RETURNS void LANGUAGE sql AS $$
  INSERT INTO "report_stale_months" ("organization_id", "month")
  SELECT DISTINCT b."organization_id", date_trunc('month', b."start_time" AT TIME ZONE c."timezone_id")::date
  FROM "bookings" b JOIN "centers" c ON c."id" = b."center_id";
$$;--> statement-breakpoint
SELECT "mark_every_report_month_stale"();
