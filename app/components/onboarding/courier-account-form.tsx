import { useFetcher } from "@remix-run/react";
import { BlockStack, Button, FormLayout, InlineStack, Select, Text, TextField } from "@shopify/polaris";
import { useEffect, useState } from "react";
import type { SetupActionResult } from "~/onboarding/setup-actions.server";
import { toast } from "./copy-field";
import { ActionFeedback } from "./feedback";

const ENVIRONMENTS = [
  { label: "Sandbox (test deliveries)", value: "sandbox" },
  { label: "Production (real drivers)", value: "production" },
];

/**
 * The courier access token is write-only: the field starts empty and only the last four
 * characters of the saved token are ever shown. Saving tests the token with a real estimate.
 */
export function CourierAccountForm(props: {
  environment: "sandbox" | "production";
  tokenLast4: string | null;
  baseUrl?: string | null;
  showBaseUrl?: boolean;
}) {
  const fetcher = useFetcher<SetupActionResult>();
  const [environment, setEnvironment] = useState<string>(props.environment);
  const [token, setToken] = useState("");
  const [baseUrl, setBaseUrl] = useState(props.baseUrl ?? "");
  const result = fetcher.data?.intent === "courier" ? fetcher.data : undefined;
  const saving = fetcher.state !== "idle";

  useEffect(() => {
    if (result?.ok) {
      setToken("");
      toast("Courier account saved");
    }
  }, [result]);

  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="courier" />
      <BlockStack gap="300">
        <Text as="p" tone="subdued">
          {props.tokenLast4
            ? `Saved token ends in ${props.tokenLast4}. Leave the field empty to keep it.`
            : "No access token saved yet."}
        </Text>
        <FormLayout>
          <Select
            label="Environment"
            name="environment"
            options={ENVIRONMENTS}
            value={environment}
            onChange={setEnvironment}
            error={result?.fieldErrors?.environment}
          />
          <TextField
            label="Access token"
            name="token"
            type="password"
            value={token}
            onChange={setToken}
            autoComplete="off"
            placeholder={props.tokenLast4 ? `•••• ${props.tokenLast4}` : "Paste the token from the courier"}
            error={result?.fieldErrors?.token}
          />
          {props.showBaseUrl ? (
            <TextField
              label="Courier API address (optional)"
              name="baseUrl"
              value={baseUrl}
              onChange={setBaseUrl}
              autoComplete="off"
              helpText="Leave empty unless the courier gave you a dedicated address."
              error={result?.fieldErrors?.baseUrl}
            />
          ) : null}
        </FormLayout>
        <InlineStack>
          <Button submit variant="primary" loading={saving}>
            Save and test
          </Button>
        </InlineStack>
        <ActionFeedback result={result} />
      </BlockStack>
    </fetcher.Form>
  );
}
