/**
 * An https address whose host the tracking page's Content-Security-Policy may name (the logo, the map
 * tiles). The URL parser lets `;`, `,`, quotes and other punctuation stand in a host, and in the CSP
 * header a `;` ends the img-src directive and starts another (`sandbox`, `script-src`…), a `,` starts
 * another policy. So only a plain hostname is taken: letters, digits and hyphens in dot-separated
 * labels (an international name as the parser's punycode), with an optional port. Pure.
 */

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const PLAIN_HOSTNAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);

export function isPlainHostname(hostname: string): boolean {
  return hostname.length <= 253 && PLAIN_HOSTNAME.test(hostname);
}

/** The address's origin (https, no credentials, a plain hostname); null for anything else. */
export function plainHttpsOrigin(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || !isPlainHostname(url.hostname)) return null;
  return url.origin;
}
