CREATE TABLE "cancel_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"min_day" bigint NOT NULL,
	"max_day" bigint NOT NULL,
	"max_attendee" bigint NOT NULL,
	"refund_percent" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cancel_rules_org_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "cancel_rules_range_check" CHECK ("cancel_rules"."min_day" >= 0 and "cancel_rules"."max_day" >= "cancel_rules"."min_day" and "cancel_rules"."max_attendee" >= 0),
	CONSTRAINT "cancel_rules_refund_check" CHECK ("cancel_rules"."refund_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "cancel_rules" ADD CONSTRAINT "cancel_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancel_rules_organization_idx" ON "cancel_rules" USING btree ("organization_id");