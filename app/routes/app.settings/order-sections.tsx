import { BlockStack, Card, DataTable, FormLayout, Layout, Text } from "@shopify/polaris";
import { noticeRows } from "~/tracking/public";
import type { DraftControls } from "./draft-controls";
import { AFTER_EXPIRY_CHOICES, DISPATCH_MODES } from "./option-lists";

/** Which orders are dispatched, what happens after an expiry, and the tags. */
export function DispatchSection({ controls: { field, choice } }: { controls: DraftControls }) {
  return (
    <>
      <Layout.AnnotatedSection
        id="dispatch"
        title="Dispatch and tags"
        description="Which paid orders go to the courier, and the order tags the app reads and writes."
      >
        <Card>
          <FormLayout>
            {choice("dispatchMode", "Dispatch", DISPATCH_MODES)}
            {choice(
              "afterExpiry.redispatch",
              "When no driver took a delivery before its deadline (and the courier did not post it again)",
              AFTER_EXPIRY_CHOICES,
            )}
            <FormLayout.Group>
              {field("tags.over21", "Product tags that need a recipient over 21", {
                helpText: "Separate tags with commas.",
              })}
              {field("tags.over18", "Product tags that need a driver over 18", {
                helpText: "Separate tags with commas.",
              })}
            </FormLayout.Group>
            <FormLayout.Group>
              {field("tags.dispatched", "Order tag once dispatched")}
              {field("tags.attention", "Order tag when staff must act")}
            </FormLayout.Group>
          </FormLayout>
        </Card>
      </Layout.AnnotatedSection>
    </>
  );
}

/** What the shopper receives at each step, from whom, with the choices as they stand in the draft. */
function NoticeTable({ shopifyNotifies, courierSms }: { shopifyNotifies: boolean; courierSms: boolean }) {
  const rows = noticeRows({ shopifyNotifies, courierSms }).map((row) => [row.step, row.shopify, row.courier]);
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        What the customer receives at each step
      </Text>
      <DataTable
        columnContentTypes={["text", "text", "text"]}
        headings={["Step", "From Shopify (your notification templates)", "From the courier (SMS)"]}
        rows={rows}
        verticalAlign="top"
      />
      <Text as="p" variant="bodySm" tone="subdued">
        Shopify's emails use your templates in Settings › Notifications, with the tracking link; turning one off there
        stops it. The tracking page shows every step whatever you choose here.
      </Text>
    </BlockStack>
  );
}

/** Customer notifications and the notes the driver reads. */
export function NotificationsSection({ controls: { field, flag, isOn } }: { controls: DraftControls }) {
  return (
    <>
      <Layout.AnnotatedSection
        id="notifications"
        title="Customer notifications"
        description="What the customer hears about the delivery."
      >
        <Card>
          <BlockStack gap="200">
            {flag(
              "notifyCustomerOnFulfillment",
              "Let Shopify email the customer about the delivery",
              "Shopify's shipping confirmation at pickup, then its out for delivery and delivered emails, from your templates. Off: Shopify sends none of them.",
            )}
            {flag(
              "deliveryOptions.recipientSmsNotifications",
              "Text messages from the courier to the recipient",
              'On: the courier texts its own delivery updates to the phone on the order. Its API says only that the recipient "receives SMS updates": not at which steps, in which words, or with which link. Off: the courier sends no texts.',
            )}
            {flag("deliveryOptions.signatureRequired", "Ask for a signature at delivery")}
            {flag("deliveryOptions.declineInsurance", "Decline the courier's protection plan")}
            <NoticeTable
              shopifyNotifies={isOn("notifyCustomerOnFulfillment")}
              courierSms={isOn("deliveryOptions.recipientSmsNotifications")}
            />
          </BlockStack>
        </Card>
      </Layout.AnnotatedSection>
      <Layout.AnnotatedSection
        id="driver-notes"
        title="Notes for the driver"
        description="Sent in the delivery's notes, which only the driver of that delivery reads."
      >
        <Card>
          <FormLayout>
            {flag(
              "driverNotes.shopperInstructions",
              "Send the shopper's delivery instructions to the driver",
              "From checkout's delivery instructions, the order note, and the cart attribute below.",
            )}
            {field("driverNotes.instructionsAttribute", "Cart attribute with delivery instructions", {
              helpText: 'The name your theme gives it, for example "Delivery instructions". Empty: none.',
            })}
            {field("driverNotes.merchantNote", "Your note for every delivery", {
              helpText: "For example: Fragile, keep upright. Empty: none.",
              multiline: 2,
            })}
          </FormLayout>
        </Card>
      </Layout.AnnotatedSection>
    </>
  );
}

/** Raises of the driver's pay while no driver takes a delivery. */
export function NoDriverSection({ controls: { field, flag } }: { controls: DraftControls }) {
  return (
    <>
      <Layout.AnnotatedSection
        id="no-driver"
        title="When no driver takes a delivery"
        description="Before pickup, the app can raise the driver's pay (the courier's extra compensation, in US dollars) to find a driver, and tells you when none came."
      >
        <Card>
          <FormLayout>
            {flag(
              "noDriverWatch.raisesEnabled",
              "Raise the driver's pay while no driver takes a delivery",
              "Off: no money is spent; the delivery is still marked when its pickup time comes without a driver.",
            )}
            {field("noDriverWatch.raiseMinutesBeforePickup", "Minutes before pickup to raise", {
              helpText:
                "Separated by commas; 0 is the pickup time itself, when a delivery still without a driver needs attention.",
            })}
            <FormLayout.Group>
              {field("noDriverWatch.stepCents", "Raise by ($)")}
              {field("noDriverWatch.maxPerShipmentCents", "At most per delivery ($)")}
              {field("noDriverWatch.maxPerShopPerDayCents", "At most per day, all deliveries ($)")}
            </FormLayout.Group>
          </FormLayout>
        </Card>
      </Layout.AnnotatedSection>
    </>
  );
}

/** The tracking page's look and Shopify's tracking link, the service's name, the quiet-delivery check. */
export function TrackingSection({ controls: { field, flag } }: { controls: DraftControls }) {
  return (
    <>
      <Layout.AnnotatedSection id="tracking" title="Tracking" description="What Shopify shows on the fulfillment.">
        <Card>
          <FormLayout>
            {field("tracking.companyName", "Tracking company name")}
            {field("tracking.urlTemplate", "Tracking URL template", {
              helpText:
                "For example https://track.example.com/{tracking_number}. Empty: the app's own tracking page for each delivery.",
            })}
            {field("tracking.pageDays", "Days the tracking page works after the delivery ends", { type: "number" })}
            {field("tracking.logoUrl", "Logo on the tracking page", {
              helpText:
                "An https:// address of an image, for example from Content › Files in Shopify. Empty: the store's name.",
            })}
            <FormLayout.Group>
              {field("tracking.accentColor", "Accent colour of the tracking page", {
                helpText: "# and six hex digits, for example #1e40af. Empty: dark blue.",
              })}
              {field("tracking.contactEmail", "Contact email on the tracking page", {
                helpText: "Shown after the pickup location's phone. Empty: the phone only.",
              })}
            </FormLayout.Group>
            <FormLayout.Group>
              {field("tracking.mapTileUrl", "Map tiles on the tracking page (optional)", {
                helpText:
                  "An https:// tile address with {z}, {x} and {y}. Shoppers' browsers then ask that server for the tiles around the delivery area. Empty: the app's own map, no outside request.",
              })}
              {field("tracking.mapTileAttribution", "Map credit", {
                helpText: "The credit the tile provider asks for, shown under the map.",
              })}
            </FormLayout.Group>
            {field("tracking.ratingReasons", "Reasons a shopper may give with their rating", {
              helpText: "Separate reasons with commas. Staff see the rating and reasons on the shipment's timeline.",
            })}
            {flag(
              "tracking.forwardRating",
              "Send the shopper's rating to the courier as the driver's rating",
              "Once per delivery, unless staff rated the driver first.",
            )}
            {flag(
              "tracking.showDriver",
              "Show the driver's first name, vehicle and phone on the tracking page",
              "Only while a driver has the delivery; never after it ends. Off: the page names no driver.",
            )}
            {field("carrierServiceName", "Name of the delivery service at checkout")}
            {field("reconciliationSilenceMinutes", "Check a quiet delivery with the courier after (minutes)", {
              type: "number",
            })}
          </FormLayout>
        </Card>
      </Layout.AnnotatedSection>
    </>
  );
}
