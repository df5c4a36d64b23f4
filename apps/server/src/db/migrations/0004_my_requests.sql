ALTER TABLE "recipients" ADD COLUMN "conversation_id" integer;--> statement-breakpoint
UPDATE "recipients" r SET "conversation_id" = m."conversation_id" FROM "messages" m WHERE m."id" = r."message_id";--> statement-breakpoint
ALTER TABLE "recipients" ALTER COLUMN "conversation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "recipients" ADD CONSTRAINT "recipients_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_sv_requests_idx" ON "conversations" USING btree ("service_vehicle_id","last_message_at","started_by_user_id","id") WHERE "conversations"."class_name_id" = 2 and "conversations"."service_vehicle_id" is not null;--> statement-breakpoint
CREATE INDEX "recipients_user_conversation_idx" ON "recipients" USING btree ("recipient_user_id","conversation_id","message_read_at");
