/**
 * The shoppers' tracking page a fulfillment links to, read as a shopper's browser reads it: the page
 * from its URL, then the delivery photo it shows (a signed file link the app serves).
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
  const photo = /<img src="([^"]+\/delivery\?[^"]+)"/.exec(html)?.[1]?.replaceAll("&amp;", "&");
  ctx.check(photo, `tracking page of ${fulfillmentName} shows the delivery photo`);
  const image = await fetch(photo);
  ctx.check(
    image.status === 200 && (image.headers.get("content-type") ?? "").startsWith("image/"),
    `the delivery photo of ${fulfillmentName} loads`,
    () => `${image.status} ${image.headers.get("content-type")}`,
  );
}
