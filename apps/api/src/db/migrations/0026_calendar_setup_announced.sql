-- Issue 16, the calendar's answers kept per process (calendar-answers.ts): besides its bookings
-- (announced on calendar_bookings, 0014) a window shows the organization's date order, its spaces
-- and their locations, regions and blackout periods, and the names of clients and bookers. Every
-- change to those is announced on the channel calendar_setup (CALENDAR_SETUP_CHANNEL) with the
-- organization's id ('' for every organization: a super user's name), inside the change's
-- transaction, so PostgreSQL delivers it on commit only and once per transaction and organization
-- (it folds equal notifications of a transaction).
CREATE FUNCTION "announce_calendar_setup"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('calendar_setup', coalesce(OLD."organization_id"::text, ''));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('calendar_setup', coalesce(NEW."organization_id"::text, ''));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "announce_calendar_organization"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM pg_notify('calendar_setup', OLD."id"::text);
  ELSE PERFORM pg_notify('calendar_setup', NEW."id"::text); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "organizations_calendar_setup" AFTER INSERT OR UPDATE OR DELETE ON "organizations"
FOR EACH ROW EXECUTE FUNCTION "announce_calendar_organization"();--> statement-breakpoint
CREATE TRIGGER "centers_calendar_setup" AFTER INSERT OR UPDATE OR DELETE ON "centers"
FOR EACH ROW EXECUTE FUNCTION "announce_calendar_setup"();--> statement-breakpoint
CREATE TRIGGER "center_regions_calendar_setup" AFTER INSERT OR UPDATE OR DELETE ON "center_regions"
FOR EACH ROW EXECUTE FUNCTION "announce_calendar_setup"();--> statement-breakpoint
CREATE TRIGGER "spaces_calendar_setup" AFTER INSERT OR UPDATE OR DELETE ON "spaces"
FOR EACH ROW EXECUTE FUNCTION "announce_calendar_setup"();--> statement-breakpoint
CREATE TRIGGER "organization_blackout_periods_calendar_setup" AFTER INSERT OR UPDATE OR DELETE ON "organization_blackout_periods"
FOR EACH ROW EXECUTE FUNCTION "announce_calendar_setup"();--> statement-breakpoint
CREATE TRIGGER "space_blackout_periods_calendar_setup" AFTER INSERT OR UPDATE OR DELETE ON "space_blackout_periods"
FOR EACH ROW EXECUTE FUNCTION "announce_calendar_setup"();--> statement-breakpoint
-- Of clients and users a window shows only the name; a new one is in no window until a booking
-- (announced itself) names it.
CREATE TRIGGER "clients_calendar_setup" AFTER UPDATE OF "name" OR DELETE ON "clients"
FOR EACH ROW EXECUTE FUNCTION "announce_calendar_setup"();--> statement-breakpoint
CREATE TRIGGER "users_calendar_setup" AFTER UPDATE OF "first_name", "last_name" OR DELETE ON "users"
FOR EACH ROW EXECUTE FUNCTION "announce_calendar_setup"();
