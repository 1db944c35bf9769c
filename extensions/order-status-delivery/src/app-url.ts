/**
 * The app's URL, as `application_url` in shopify.app.toml (a test keeps the two equal). The block runs
 * on Shopify's customer account pages, where a relative path reaches Shopify, not the app.
 */
export const APP_URL = "https://example.com";
