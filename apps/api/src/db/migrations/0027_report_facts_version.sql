-- Issue 20: the version of an organization's report facts, renewed by every rebuild of one of its
-- months (rebuildMonth, in the rebuild's transaction, from report_versions_seq like the master
-- version). With the master version it tells whether a report answer kept in the app
-- (report-memo.ts) still holds: a booking change marks its month stale, and the report's own
-- read rebuilds it (or another process did), renewing this version first.
ALTER TABLE "report_versions" ADD COLUMN "facts" bigint DEFAULT 0 NOT NULL;
