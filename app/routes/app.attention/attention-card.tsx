import { useFetcher } from "@remix-run/react";
import { Badge, BlockStack, Box, Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { AttentionItem } from "~/attention/attention-list";
import type { AttentionActionResult } from "./attention-list.server";

/** Where the list's buttons post (app/routes/app.attention/route.tsx). */
export const ATTENTION_ACTION_URL = "/app/attention";

function ItemAction({ item }: { item: AttentionItem }) {
  const fetcher = useFetcher<AttentionActionResult>();
  if (item.action === "fix_order") {
    return (
      <Button url={item.orderAdminUrl} target="_top">
        {item.actionLabel}
      </Button>
    );
  }
  const result = fetcher.data;
  return (
    <BlockStack gap="100" inlineAlign="end">
      <fetcher.Form method="post" action={ATTENTION_ACTION_URL}>
        <input type="hidden" name="intent" value={item.action} />
        <input type="hidden" name="shipmentId" value={item.shipmentId} />
        <Button
          submit
          variant="primary"
          tone={item.action === "cancel" ? "critical" : undefined}
          loading={fetcher.state !== "idle"}
          accessibilityLabel={`${item.actionLabel}: ${item.orderName}`}
        >
          {item.actionLabel}
        </Button>
      </fetcher.Form>
      {result && !result.ok ? (
        <Text as="p" tone="critical">
          {result.message}
        </Text>
      ) : null}
    </BlockStack>
  );
}

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
              <InlineStack align="space-between" blockAlign="center" gap="400" wrap={false}>
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
                <ItemAction item={item} />
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
