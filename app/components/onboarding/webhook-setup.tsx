import { useFetcher } from "@remix-run/react";
import { BlockStack, Button, InlineStack, Select, Text } from "@shopify/polaris";
import { useState } from "react";
import type { WebhookAuthMethod } from "~/courier/webhook-auth.server";
import { formatDateTime } from "~/text/format";
import type { SetupActionResult } from "~/onboarding/setup-actions.server";
import { CopyField } from "./copy-field";
import { ActionFeedback } from "./feedback";

const METHODS: { label: string; value: WebhookAuthMethod }[] = [
  { label: "Bearer token (Authorization: Bearer …)", value: "bearer" },
  { label: "Basic authentication (user name and password)", value: "basic" },
  { label: "API key header (x-api-key)", value: "x-api-key" },
];

export type WebhookSetupProps = {
  url: string;
  method: WebhookAuthMethod;
  headerName: string;
  valueHint: string;
  user: string | null;
  secretSet: boolean;
  lastEventAt: string | null;
  timeZone: string;
};

/**
 * Where the courier sends delivery updates and how it proves it is the courier. The secret is
 * shown once, right after it is generated; the courier's operator configures these values.
 */
export function WebhookSetup(props: WebhookSetupProps) {
  const fetcher = useFetcher<SetupActionResult>();
  const [method, setMethod] = useState<string>(props.method);
  const result = fetcher.data?.intent === "webhook-secret" ? fetcher.data : undefined;
  return (
    <BlockStack gap="300">
      <CopyField label="Webhook URL" value={props.url} />
      <InlineStack gap="400" wrap>
        <Text as="p">
          <Text as="span" fontWeight="semibold">
            Header:
          </Text>{" "}
          {props.headerName}
        </Text>
        <Text as="p">
          <Text as="span" fontWeight="semibold">
            Value:
          </Text>{" "}
          {props.valueHint}
        </Text>
      </InlineStack>
      {props.user ? <CopyField label="User name" value={props.user} /> : null}
      {result?.secret ? (
        <CopyField
          label="Secret"
          value={result.secret}
          helpText="Shown only now. Give it to the courier with the URL above."
        />
      ) : (
        <Text as="p" tone="subdued">
          {props.secretSet
            ? "A secret is set. For safety it is not shown again; generate a new one if you lost it."
            : "No secret yet."}
        </Text>
      )}
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="webhook-secret" />
        <BlockStack gap="200">
          <Select
            label="How the courier authenticates"
            name="method"
            options={METHODS}
            value={method}
            onChange={setMethod}
            error={result?.fieldErrors?.method}
          />
          <InlineStack>
            <Button submit loading={fetcher.state !== "idle"}>
              {props.secretSet ? "Rotate secret" : "Generate secret"}
            </Button>
          </InlineStack>
        </BlockStack>
      </fetcher.Form>
      {result && !result.secret ? (
        <ActionFeedback result={result} />
      ) : result ? (
        <ActionFeedback result={{ ok: true, message: result.message }} />
      ) : null}
      <Text as="p" tone="subdued">
        {props.lastEventAt
          ? `Last update received ${formatDateTime(props.lastEventAt, props.timeZone)}.`
          : "No update received from the courier yet."}
      </Text>
    </BlockStack>
  );
}
