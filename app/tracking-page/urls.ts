/** Where the shoppers' tracking page is served: on the app's own URL and through the app proxy. */

/** The app's own path (the link in Shopify's shipping emails). */
export const APP_PAGE_PATH = "/t";
/** The app proxy's target path (`[app_proxy] url` in shopify.app.toml). */
export const PROXY_PAGE_PATH = "/proxy/track";
/** The page's JSON status, polled by the page itself: `<page URL>/status`. */
export const STATUS_SUFFIX = "status";

export function trackingPageUrl(appUrl: string, token: string): string {
  return `${appUrl.replace(/\/+$/, "")}${APP_PAGE_PATH}/${token}`;
}

/** `[app_proxy] prefix` and `subpath`: the page's path on the shop's domain. */
export const PROXY_STOREFRONT_PATH = "/apps/courier-track";
