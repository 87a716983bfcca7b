-- Issue 42 item 17: a live calendar stream ends with its session. Every session deleted (sign-out,
-- revocation, password change or reset, user or client archived) is announced on sessions_ended
-- with its id, on commit, to every API process (CalendarEvents ends its streams at once). An
-- already expired session needs no notice: the processes know each session's expiry.
CREATE FUNCTION "announce_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_ended', OLD."id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sessions_ended" AFTER DELETE ON "sessions"
FOR EACH ROW WHEN (OLD."expires_at" > now()) EXECUTE FUNCTION "announce_session_ended"();--> statement-breakpoint
-- An archived organization's users can no longer sign in: their sessions end with the archive.
CREATE FUNCTION "end_archived_organization_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "sessions" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "organization_id" = NEW."id");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "organizations_archived_sessions" AFTER UPDATE OF "deleted_at" ON "organizations"
FOR EACH ROW WHEN (OLD."deleted_at" IS NULL AND NEW."deleted_at" IS NOT NULL)
EXECUTE FUNCTION "end_archived_organization_sessions"();
--> statement-breakpoint
-- Issue 42 item 19: who uploaded each e-mail attachment, so a PDF is served to its organization's
-- signed-in users only (a super user's upload: organization_id null, the uploader alone).
CREATE TABLE "attachment_uploads" (
  "url" text PRIMARY KEY NOT NULL,
  "organization_id" integer REFERENCES "organizations"("id"),
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Issue 42 item 18: a profile's e-mail changes only when the single-use, expiring link sent to the
-- new address is followed.
CREATE TABLE "email_change_tokens" (
  "token_hash" text PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "new_email" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "email_change_tokens_user_idx" ON "email_change_tokens" ("user_id");
