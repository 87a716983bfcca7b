CREATE TABLE "settings" (
	"type" text NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_type_key_pk" PRIMARY KEY("type","key"),
	CONSTRAINT "settings_type_check" CHECK ("settings"."type" in ('benchmarking'))
);
--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;