/**
 * Where the shoppers' tracking page is served: `/t/<token>` on the app's own URL (the link in
 * Shopify's shipping emails) and `/proxy/track/<token>` behind the app proxy (`[app_proxy]` in
 * shopify.app.toml: `/apps/courier-track/<token>` on the shop's domain); each polls `<page>/status`.
 */

const APP_PAGE_PATH = "/t";

export function trackingPageUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, "")}${APP_PAGE_PATH}/${token}`;
}
