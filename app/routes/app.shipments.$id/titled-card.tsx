import { BlockStack, Card, Text } from "@shopify/polaris";
import type { ReactNode } from "react";

/** The shipment page's frame for one subject: a card with a heading over its content. */
export function TitledCard({ title, gap, children }: { title: string; gap: "200" | "300"; children: ReactNode }) {
  return (
    <Card>
      <BlockStack gap={gap}>
        <Text as="h2" variant="headingMd">
          {title}
        </Text>
        {children}
      </BlockStack>
    </Card>
  );
}
