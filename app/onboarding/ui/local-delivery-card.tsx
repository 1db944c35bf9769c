import { Badge, BlockStack, Box, Button, Card, InlineStack, Text } from "@shopify/polaris";
import type { LocalDeliveryGuide, LocalDeliveryStep } from "../local-delivery-guide";

const BADGES: Record<LocalDeliveryStep["state"], { tone: "success" | "attention" | "info"; label: string }> = {
  done: { tone: "success", label: "Done" },
  todo: { tone: "attention", label: "To do" },
  waiting: { tone: "info", label: "Waiting" },
};

/** Home's guided setup of Shopify Local Delivery (local-delivery-guide.ts). */
export function LocalDeliveryCard({ guide }: { guide: LocalDeliveryGuide }) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {guide.title}
        </Text>
        <Text as="p">{guide.summary}</Text>
        {guide.steps.map((step, index) => (
          <BlockStack gap="100" key={step.id}>
            <InlineStack align="space-between" blockAlign="center" wrap={false}>
              <Text as="h3" variant="headingSm">
                {index + 1}. {step.title}
              </Text>
              <Badge tone={BADGES[step.state].tone}>{BADGES[step.state].label}</Badge>
            </InlineStack>
            <Text as="p" tone="subdued">
              {step.summary}
            </Text>
            {step.action ? (
              <Box>
                <Button url={step.action.url} target="_top">
                  {step.action.content}
                </Button>
              </Box>
            ) : null}
          </BlockStack>
        ))}
      </BlockStack>
    </Card>
  );
}
