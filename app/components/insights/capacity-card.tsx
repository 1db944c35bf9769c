import { Badge, BlockStack, Card, DataTable, Text } from "@shopify/polaris";
import type { CapacityLocation } from "~/insights/capacity";

/** Today's and the next 7 days' slots per location with a cap: booked and remaining, a full slot said so (Home, Insights). */
export function CapacityCard({ capacity }: { capacity: readonly CapacityLocation[] }) {
  if (capacity.length === 0) return null;
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Slot capacity, today and the next 7 days
        </Text>
        {capacity.map((location) => (
          <BlockStack gap="200" key={location.locationGid}>
            <Text as="h3" variant="headingSm">
              {`${location.name}: ${location.capacity} per slot`}
            </Text>
            <DataTable
              columnContentTypes={["text", "text", "numeric", "numeric", "text"]}
              headings={["Day", "Slot", "Booked", "Remaining", ""]}
              rows={location.days.flatMap((day) =>
                day.slots.map((slot, i) => [
                  i === 0 ? day.label : "",
                  slot.label,
                  slot.booked,
                  slot.remaining,
                  slot.full ? (
                    <Badge tone="critical" key={slot.key}>
                      Full
                    </Badge>
                  ) : (
                    ""
                  ),
                ]),
              )}
            />
          </BlockStack>
        ))}
      </BlockStack>
    </Card>
  );
}
