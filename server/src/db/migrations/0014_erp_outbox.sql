CREATE TABLE "erp_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" varchar(24) NOT NULL,
	"object_id" uuid NOT NULL,
	"idempotency_key" varchar(96) NOT NULL,
	"account_set" varchar(16) NOT NULL,
	"payload" jsonb NOT NULL,
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_owner" varchar(64),
	"lease_until" timestamp with time zone,
	"trade_id" varchar(64),
	"erp_doc_id" varchar(64),
	"last_error" text,
	"create_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "erp_outbox" ADD CONSTRAINT "erp_outbox_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "erp_outbox_key_uq" ON "erp_outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "erp_outbox_order_idx" ON "erp_outbox" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "erp_outbox_due_idx" ON "erp_outbox" USING btree ("next_attempt_at") WHERE "erp_outbox"."status" = 'pending';