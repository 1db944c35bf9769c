import { useFetcher } from "@remix-run/react";
import { Banner, BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import type { DiagnosisCause } from "~/insights/rate-diagnosis";

/**
 * "Why is my rate not showing?": each cause that hides the app's rate at checkout, in words, with the
 * one action that fixes it (Home and Insights). Re-adding to the profiles posts Home's setup action.
 */
export function RateDiagnosisBanner({ causes }: { causes: readonly DiagnosisCause[] }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  if (causes.length === 0) return null;
  return (
    <Banner tone="critical" title="Why is my rate not showing at checkout?">
      <BlockStack gap="300">
        {causes.map((cause) => (
          <BlockStack gap="100" key={cause.id}>
            <Text as="p" fontWeight="semibold">
              {cause.title}
            </Text>
            <Text as="p">{cause.detail}</Text>
            <InlineStack gap="200" blockAlign="center">
              {cause.action.kind === "add-to-profiles" ? (
                <Button
                  loading={fetcher.state !== "idle"}
                  onClick={() => fetcher.submit({ intent: "add-to-profiles" }, { method: "post", action: "/app" })}
                >
                  {cause.action.label}
                </Button>
              ) : (
                <Button url={cause.action.url} target={cause.action.url.startsWith("http") ? "_blank" : undefined}>
                  {cause.action.label}
                </Button>
              )}
            </InlineStack>
          </BlockStack>
        ))}
        {fetcher.data ? (
          <Text as="p" tone={fetcher.data.ok ? "success" : "critical"}>
            {fetcher.data.message}
          </Text>
        ) : null}
      </BlockStack>
    </Banner>
  );
}
