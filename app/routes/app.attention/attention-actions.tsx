import { useFetcher } from "@remix-run/react";
import { BlockStack, Button, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import type { AttentionActionResult } from "./attention-list.server";
import type { AttentionFix } from "~/shipments/attention-reasons";

/** Where the attention buttons post (app/routes/app.attention/route.tsx), from Home, the list and the shipment page. */
export const ATTENTION_ACTION_URL = "/app/attention";

export type AttentionTarget = { shipmentId: string; orderName: string; orderAdminUrl: string; fixes: AttentionFix[] };

/**
 * An attention item's fixes and its "Resolve" with a note. A fix that happens in Shopify (the
 * address) is a link to the order; the others post their intent. The result shows beside them.
 */
export function AttentionActions({ item, align = "end" }: { item: AttentionTarget; align?: "start" | "end" }) {
  const fetcher = useFetcher<AttentionActionResult>();
  const [resolving, setResolving] = useState(false);
  const [note, setNote] = useState("");
  const busy = fetcher.state !== "idle";
  const pending = fetcher.formData?.get("intent");
  const post = (intent: string, extra: Record<string, string> = {}) =>
    fetcher.submit({ intent, shipmentId: item.shipmentId, ...extra }, { method: "post", action: ATTENTION_ACTION_URL });
  const result = fetcher.data;
  return (
    <BlockStack gap="200" inlineAlign={align}>
      <InlineStack gap="200" align={align} wrap>
        {item.fixes.map((fix, index) =>
          fix.action === "fix_order" ? (
            <Button
              key={fix.action}
              url={item.orderAdminUrl}
              target="_top"
              variant={index === 0 ? "primary" : undefined}
            >
              {fix.label}
            </Button>
          ) : (
            <Button
              key={fix.action}
              variant={index === 0 ? "primary" : undefined}
              tone={fix.action === "cancel" ? "critical" : undefined}
              loading={busy && pending === fix.action}
              disabled={busy && pending !== fix.action}
              onClick={() => post(fix.action)}
              accessibilityLabel={`${fix.label}: ${item.orderName}`}
            >
              {fix.label}
            </Button>
          ),
        )}
        <Button variant="tertiary" onClick={() => setResolving((open) => !open)} pressed={resolving}>
          Resolve
        </Button>
      </InlineStack>
      {resolving ? (
        <BlockStack gap="200" inlineAlign="stretch">
          <TextField
            label="What was done"
            helpText="Shown on the delivery's timeline, with your name."
            value={note}
            onChange={setNote}
            autoComplete="off"
            multiline={2}
            maxLength={500}
          />
          <InlineStack align={align}>
            <Button onClick={() => post("resolve", { note })} loading={busy && pending === "resolve"}>
              Mark resolved
            </Button>
          </InlineStack>
        </BlockStack>
      ) : null}
      {result?.confirm ? (
        <BlockStack gap="200" inlineAlign={align}>
          <Text as="p">{result.message}</Text>
          <Button
            variant="primary"
            loading={busy && pending === result.confirm.intent}
            onClick={() =>
              post(result.confirm!.intent, {
                confirmed: "true",
                ...(result.confirm!.serviceCode ? { serviceCode: result.confirm!.serviceCode } : {}),
              })
            }
          >
            {result.confirm.label}
          </Button>
        </BlockStack>
      ) : result ? (
        <Text as="p" tone={result.ok ? "success" : "critical"}>
          {result.message}
        </Text>
      ) : null}
    </BlockStack>
  );
}
