import { BlockStack, InlineGrid, Text } from "@shopify/polaris";
import { formatDateTime } from "~/text/format";
import type { ShipmentDetail } from "./shipment-detail";
import { TitledCard } from "./titled-card";

/** Who on the staff acted on this delivery or its order, and when, newest first. */
export function StaffActionsCard({ actions, timeZone }: { actions: ShipmentDetail["staffActions"]; timeZone: string }) {
  return (
    <TitledCard title="Staff actions" gap="300">
      {actions.length === 0 ? (
        <Text as="p" tone="subdued">
          No one on your staff has acted on this delivery yet.
        </Text>
      ) : (
        <BlockStack gap="200">
          {actions.map((action) => (
            <InlineGrid
              key={`${action.at}-${action.action}-${action.detail}`}
              columns={["oneThird", "twoThirds"]}
              gap="200"
            >
              <Text as="span" tone="subdued">
                {formatDateTime(action.at, timeZone)}
              </Text>
              <BlockStack gap="050">
                <Text as="span" fontWeight="semibold">
                  {action.detail}
                </Text>
                <Text as="span" tone="subdued">
                  By {action.by}
                </Text>
              </BlockStack>
            </InlineGrid>
          ))}
        </BlockStack>
      )}
    </TitledCard>
  );
}
