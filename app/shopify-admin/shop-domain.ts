/** A shop's permanent domain: `<name>.myshopify.com`, lowercase letters, digits and hyphens. */
export const MYSHOPIFY_DOMAIN = /^[a-z0-9][a-z0-9-]{0,62}\.myshopify\.com$/;

export function isMyshopifyDomain(value: string | null): value is string {
  return value !== null && MYSHOPIFY_DOMAIN.test(value);
}

/**
 * The shop a session token's `dest` names. Shopify documents it both as the shop's URL
 * (`https://<shop>.myshopify.com`, admin tokens) and as the bare domain (`<shop>.myshopify.com`,
 * customer account extensions' tokens); either way the host must be a shop's permanent domain, and
 * a URL may carry nothing else (no credentials, port, path, query or fragment). Null otherwise.
 */
export function shopDomainFromDest(dest: string): string | null {
  const text = dest.trim().toLowerCase();
  if (MYSHOPIFY_DOMAIN.test(text)) return text;
  if (!text.startsWith("https://") || !URL.canParse(text)) return null;
  const url = new URL(text);
  const bare = !url.username && !url.password && !url.port && url.pathname === "/" && !url.search && !url.hash;
  return bare && MYSHOPIFY_DOMAIN.test(url.hostname) ? url.hostname : null;
}
