import { Link, Text } from "@shopify/polaris";

/** Shopify Flow in the admin (App Bridge opens `shopify://admin/…` links in the admin). */
export const SHOPIFY_FLOW_URL = "shopify://admin/apps/flow";

/**
 * Where a problem shows (Home's "Waiting for a driver", the attention list): one line on hearing of it
 * without watching the app, through the app's Flow triggers and actions (extensions/). The app ships
 * no Flow templates: a template's `.flow` file is exported from a live Flow, which the project has not
 * had (README, Decisions).
 */
export function FlowAlertsHint() {
  return (
    <Text as="p" tone="subdued">
      Get an email instead of watching this page: in Shopify Flow, start a workflow from “Delivery has no driver yet”,
      “Delivery failed” or “Delivery needs attention” and add “Send internal email”; a workflow can also dispatch again,
      raise the driver pay or cancel.{" "}
      <Link url={SHOPIFY_FLOW_URL} target="_top">
        Open Shopify Flow
      </Link>
    </Text>
  );
}
