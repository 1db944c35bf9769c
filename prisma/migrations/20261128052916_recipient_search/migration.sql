-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN "recipientSearch" TEXT;


-- Rows from before: the customer's name and phone digits from the stored request (a return's
-- collection: its pickup location is the customer).
UPDATE "Shipment" SET "recipientSearch" = trim(
  lower(coalesce(json_extract("requestJson", CASE WHEN "kind" = 'return_pickup' THEN '$.pickup_location.contact.name' ELSE '$.delivery_location.contact.name' END), ''))
  || ' ' ||
  replace(replace(replace(replace(replace(replace(coalesce(json_extract("requestJson", CASE WHEN "kind" = 'return_pickup' THEN '$.pickup_location.contact.phone' ELSE '$.delivery_location.contact.phone' END), ''), ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', '')
)
WHERE "requestJson" IS NOT NULL AND json_valid("requestJson");
