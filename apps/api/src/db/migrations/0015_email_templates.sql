CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"template_type" text NOT NULL,
	"email_subject" text NOT NULL,
	"email_content" text NOT NULL,
	"attachment_file_title" text,
	"attachment_file" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_org_id_unique" UNIQUE("organization_id","id"),
	CONSTRAINT "email_templates_org_type_unique" UNIQUE("organization_id","template_type"),
	CONSTRAINT "email_templates_subject_check" CHECK (length("email_templates"."email_subject") between 1 and 255)
);
--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;