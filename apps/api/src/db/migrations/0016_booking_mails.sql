ALTER TABLE "mail_outbox" ADD COLUMN "cc" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "organization_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "booking_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "recurring_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "mail_type" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_booking_idx" ON "mail_outbox" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_recurring_idx" ON "mail_outbox" USING btree ("recurring_id");