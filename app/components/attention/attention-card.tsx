import { Badge, BlockStack, Box, Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { AttentionItem } from "~/attention/attention-list";
import { AttentionActions } from "./attention-actions";

/** The deliveries needing action now, oldest first, each with its reason and the one action that resolves it. */
export function AttentionCard({ items, total }: { items: AttentionItem[]; total: number }) {
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Needs attention
          </Text>
          <Badge
            tone={total > 0 ? "critical" : "success"}
          >{`${total} ${total === 1 ? "delivery" : "deliveries"}`}</Badge>
        </InlineStack>
        {items.length === 0 ? (
          <Text as="p" tone="subdued">
            Nothing needs your attention: every delivery is on its way or done.
          </Text>
        ) : (
          items.map((item) => (
            <Box key={item.shipmentId} borderBlockStartWidth="025" borderColor="border" paddingBlockStart="300">
              <InlineStack align="space-between" blockAlign="center" gap="400">
                <BlockStack gap="100">
                  <InlineStack gap="200" blockAlign="center">
                    <Button variant="plain" url={`/app/shipments/${item.shipmentId}`}>
                      {`Delivery for ${item.orderName}`}
                    </Button>
                    <Text as="span" tone="subdued">
                      {item.sinceLabel}
                    </Text>
                  </InlineStack>
                  <Text as="p">{item.reason}</Text>
                </BlockStack>
                <AttentionActions item={item} />
              </InlineStack>
            </Box>
          ))
        )}
        {total > items.length ? (
          <Text as="p" tone="subdued">{`The ${items.length} oldest of ${total} are shown.`}</Text>
        ) : null}
      </BlockStack>
    </Card>
  );
}
