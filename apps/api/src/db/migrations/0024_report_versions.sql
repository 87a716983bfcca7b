CREATE TABLE "report_versions" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"master" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Bookable time (spaces' windows and zones, archive days, blackout periods, the blackout feature,
-- which organizations are reported on) is read from these tables: any change to them renews the
-- organization's master version, and the reports' memo of bookable time computes it again.
-- The counters take their values from one sequence: a value is never given twice, not even after a
-- rollback, so the largest value over organizations changes with every committed change and never
-- returns to one that a rolled-back transaction showed.
CREATE SEQUENCE "report_versions_seq";--> statement-breakpoint
CREATE FUNCTION "bump_report_master_version"("p_organization_id" integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "report_versions" ("organization_id", "master") VALUES ("p_organization_id", nextval('report_versions_seq'))
  ON CONFLICT ("organization_id") DO UPDATE SET "master" = excluded."master";
$$;--> statement-breakpoint
CREATE FUNCTION "report_master_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "bump_report_master_version"(OLD."organization_id"); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW."organization_id" IS DISTINCT FROM OLD."organization_id") THEN
    PERFORM "bump_report_master_version"(NEW."organization_id");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "report_master_organization_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM "bump_report_master_version"(OLD."id");
  ELSE PERFORM "bump_report_master_version"(NEW."id"); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "organizations_report_master" AFTER INSERT OR UPDATE OR DELETE ON "organizations"
FOR EACH ROW EXECUTE FUNCTION "report_master_organization_changed"();--> statement-breakpoint
CREATE TRIGGER "centers_report_master" AFTER INSERT OR UPDATE OR DELETE ON "centers"
FOR EACH ROW EXECUTE FUNCTION "report_master_changed"();--> statement-breakpoint
CREATE TRIGGER "spaces_report_master" AFTER INSERT OR UPDATE OR DELETE ON "spaces"
FOR EACH ROW EXECUTE FUNCTION "report_master_changed"();--> statement-breakpoint
CREATE TRIGGER "space_blackout_periods_report_master" AFTER INSERT OR UPDATE OR DELETE ON "space_blackout_periods"
FOR EACH ROW EXECUTE FUNCTION "report_master_changed"();--> statement-breakpoint
CREATE TRIGGER "organization_blackout_periods_report_master" AFTER INSERT OR UPDATE OR DELETE ON "organization_blackout_periods"
FOR EACH ROW EXECUTE FUNCTION "report_master_changed"();
