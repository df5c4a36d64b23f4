ALTER TABLE "service_vehicles" ADD COLUMN "priority_class" smallint GENERATED ALWAYS AS ((case
    when lost or void then 8
    when coalesce(invoice_id, 0) > 0 then 9
    when ready_to_call or ready_for_parts then
      case when (followed_up or last_contact_at is not null)
        then case when repair_count >= 4 then 4 else 3 end
        else case when repair_count >= 4 then 2 else 1 end end
    else 6 end)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "service_vehicles_priority_idx" ON "service_vehicles" USING btree ("priority_class","id");--> statement-breakpoint
CREATE INDEX "service_vehicles_open_idx" ON "service_vehicles" USING btree ("id") WHERE "service_vehicles"."priority_class" < 8;