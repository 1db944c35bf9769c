/**
 * The shoppers' tracking page a fulfillment links to, read from its URL as a shopper's browser reads
 * it: "Delivered" and the delivery photo as a signed file link on the app. The photo's bytes are not
 * fetched here: each load is a courier request, and the next step's burst of quotes and bookings
 * already fills the courier's 10 requests a second; step 6 loads the photos through the same signed
 * links, and the browser test (test/e2e/tracking-page.e2e.ts) sees this page's photo load.
 */
import type { DemoContext } from "./context";

export async function checkTrackingPage(ctx: DemoContext, fulfillmentName: string, url: string | null) {
  ctx.check(
    url && url.startsWith(`${ctx.stack.appUrl}/t/`),
    `Shopify: ${fulfillmentName} links to the app's tracking page`,
    () => String(url),
  );
  ctx.say(`${fulfillmentName} tracking page: ${url}`);
  const page = await fetch(url);
  const html = await page.text();
  ctx.check(page.status === 200, `tracking page of ${fulfillmentName} answers 200`, () => String(page.status));
  ctx.check(/<h1[^>]*>Delivered<\/h1>/.test(html), `tracking page of ${fulfillmentName} shows "Delivered"`, () =>
    html.slice(0, 300),
  );
  const photo = new RegExp(`<img src="${ctx.stack.appUrl}/api/files/[^/"]+/delivery\\?exp=\\d+&amp;sig=[\\w-]{43}"`);
  ctx.check(photo.test(html), `tracking page of ${fulfillmentName} shows the delivery photo through a signed link`);
}
