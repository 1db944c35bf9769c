import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { draftControls } from "~/routes/app.settings/draft-controls";
import { NotificationsSection } from "~/routes/app.settings/order-sections";
import type { SettingsDraft } from "~/settings/settings-draft";

/** Settings › Customer notifications: the table follows the two choices as they stand in the draft. */
function render(flags: Record<string, boolean>) {
  const draft = { fields: {}, flags } as unknown as SettingsDraft;
  const controls = draftControls(draft, () => undefined, {});
  return renderToString(
    <AppProvider i18n={en}>
      <NotificationsSection controls={controls} />
    </AppProvider>,
  );
}

describe("Settings' table of what the customer receives", () => {
  it("names Shopify's emails and the courier's SMS when both are on", () => {
    const html = render({ notifyCustomerOnFulfillment: true, "deliveryOptions.recipientSmsNotifications": true });
    expect(html).toContain("What the customer receives at each step");
    expect(html).toContain("Shipping confirmation email, with the tracking link; order status page updated");
    expect(html).toContain("Out for delivery email; order status page updated");
    expect(html).toContain("Delivered email; order status page updated");
    expect(html).toContain("Possibly an SMS (the courier does not say at which steps)");
    expect(html).toContain("not at which steps, in which words, or with which link");
  });

  it("shows no email and no SMS when both are off", () => {
    const html = render({ notifyCustomerOnFulfillment: false, "deliveryOptions.recipientSmsNotifications": false });
    expect(html).not.toContain("email; order status page updated");
    expect(html).not.toContain("Possibly an SMS");
    expect(html).toContain("Order status page updated (no email)");
  });
});
