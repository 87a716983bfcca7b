-- Issue 42 item 7: a region filter means the region and all its descendants, so moving a region
-- under another parent changes which spaces a kept calendar window of each ancestor shows. Announce
-- it on calendar_setup like the other changes a window shows (0026); a deletion needs nothing here,
-- as it removes the locations' center_regions rows, which announce themselves.
CREATE TRIGGER "regions_calendar_setup" AFTER UPDATE OF "parent_id" ON "regions"
FOR EACH ROW EXECUTE FUNCTION "announce_calendar_setup"();
