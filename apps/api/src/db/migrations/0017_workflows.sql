CREATE TABLE "workflow_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"workflow_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"leased_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_sends_workflow_booking_unique" UNIQUE("workflow_id","booking_id"),
	CONSTRAINT "workflow_sends_state_check" CHECK ("workflow_sends"."state" in ('pending','done','cancelled'))
);
--> statement-breakpoint
CREATE TABLE "workflows" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"center_id" integer,
	"meetingroom_id" integer,
	"action_type" text DEFAULT 'Send Email' NOT NULL,
	"email_template_id" integer,
	"email_template_type" text NOT NULL,
	"time_value" integer NOT NULL,
	"time_unit" text NOT NULL,
	"direction" text NOT NULL,
	"event_variable" text NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "workflows_org_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "workflows_action_type_check" CHECK ("workflows"."action_type" = 'Send Email'),
	CONSTRAINT "workflows_time_unit_check" CHECK ("workflows"."time_unit" in ('Minutes','Hours','Days')),
	CONSTRAINT "workflows_direction_check" CHECK ("workflows"."direction" in ('Before','After')),
	CONSTRAINT "workflows_event_variable_check" CHECK ("workflows"."event_variable" in ('event_date','transaction_date')),
	CONSTRAINT "workflows_time_value_check" CHECK ("workflows"."time_value" >= 1 and "workflows"."time_value" <= case "workflows"."time_unit" when 'Minutes' then 60 when 'Hours' then 24 else 365 end)
);
--> statement-breakpoint
ALTER TABLE "booking_workflow_logs" ADD COLUMN "workflow_id" integer;--> statement-breakpoint
ALTER TABLE "workflow_sends" ADD CONSTRAINT "workflow_sends_organization_id_workflow_id_workflows_organization_id_id_fk" FOREIGN KEY ("organization_id","workflow_id") REFERENCES "public"."workflows"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_sends" ADD CONSTRAINT "workflow_sends_organization_id_booking_id_bookings_organization_id_id_fk" FOREIGN KEY ("organization_id","booking_id") REFERENCES "public"."bookings"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_organization_id_center_id_centers_organization_id_id_fk" FOREIGN KEY ("organization_id","center_id") REFERENCES "public"."centers"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_organization_id_meetingroom_id_spaces_organization_id_id_fk" FOREIGN KEY ("organization_id","meetingroom_id") REFERENCES "public"."spaces"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_organization_id_email_template_id_email_templates_organization_id_id_fk" FOREIGN KEY ("organization_id","email_template_id") REFERENCES "public"."email_templates"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_sends_due_idx" ON "workflow_sends" USING btree ("due_at") WHERE "workflow_sends"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "workflow_sends_booking_idx" ON "workflow_sends" USING btree ("organization_id","booking_id");--> statement-breakpoint
CREATE INDEX "workflows_org_idx" ON "workflows" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "booking_workflow_logs_workflow_idx" ON "booking_workflow_logs" USING btree ("workflow_id");