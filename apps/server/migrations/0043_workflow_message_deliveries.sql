CREATE TABLE "workflow_message_deliveries" (
	"tenant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workflow_message_deliveries_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
