-- Issue 44 item 1: the client portal's sign-in links (15 minutes) and invitations (7 days) are
-- single-use, hashed, expiring tokens of a user, revoked by a newer one and limited per hour, like
-- the password reset links: the same table holds them, told apart by their purpose, so one set of
-- statements serves the three and a new link of one purpose leaves the others' links alone.
ALTER TABLE "password_reset_tokens" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_purpose_check"
CHECK ("purpose" in ('reset', 'sign-in', 'invitation'));--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" ("user_id", "purpose", "created_at");
