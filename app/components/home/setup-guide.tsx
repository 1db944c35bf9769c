import { BlockStack, Button, Card, Collapsible, InlineStack, ProgressBar, Text } from "@shopify/polaris";
import { useState, type ReactNode } from "react";

/**
 * Setup as a guide in the manner of Shopify's own Home: open while a step is not done, collapsed out
 * of the way once all are (it opens again by itself when a step breaks: `complete` turns false).
 */
export function SetupGuide({ done, total, children }: { done: number; total: number; children: ReactNode }) {
  const complete = done === total;
  const [open, setOpen] = useState(!complete);
  const expanded = !complete || open;
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              Setup guide
            </Text>
            <Text as="span" tone="subdued">
              {complete ? `All ${total} steps done` : `${done} of ${total} steps done`}
            </Text>
          </BlockStack>
          {complete ? (
            <Button
              variant="plain"
              onClick={() => setOpen((value) => !value)}
              ariaExpanded={expanded}
              ariaControls="setup-guide-steps"
            >
              {expanded ? "Hide setup" : "Show setup"}
            </Button>
          ) : null}
        </InlineStack>
        <ProgressBar progress={(done / total) * 100} tone="success" size="small" />
        <Collapsible id="setup-guide-steps" open={expanded} transition={false}>
          <BlockStack gap="400">{children}</BlockStack>
        </Collapsible>
      </BlockStack>
    </Card>
  );
}
