-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN     "recipientSearch" TEXT;


-- Rows from before: the customer's name and phone digits from the stored request (a return's
-- collection: its pickup location is the customer).
UPDATE "Shipment" SET "recipientSearch" = trim(
  lower(coalesce("requestJson"::jsonb #>> (CASE WHEN "kind" = 'return_pickup' THEN '{pickup_location,contact,name}' ELSE '{delivery_location,contact,name}' END)::text[], ''))
  || ' ' ||
  regexp_replace(coalesce("requestJson"::jsonb #>> (CASE WHEN "kind" = 'return_pickup' THEN '{pickup_location,contact,phone}' ELSE '{delivery_location,contact,phone}' END)::text[], ''), '[^0-9]', '', 'g')
)
WHERE "requestJson" IS NOT NULL;
