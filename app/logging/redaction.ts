/**
 * What the logger censors: keys that hold tokens, secrets or a customer's personal data, wherever a
 * log entry carries them (at the top of its fields or up to two objects down), plus the request
 * headers that carry credentials. Values are replaced, keys kept, so an entry still shows that the
 * field was there.
 */

export const REDACTION_CENSOR = "[redacted]";

/** Keys whose values are never written to the log. */
export const REDACTED_KEYS = [
  // credentials
  "accessToken",
  "access_token",
  "token",
  "secret",
  "password",
  "apiKey",
  "api_key",
  // a recipient's or sender's personal data (Shopify addresses, courier locations and contacts)
  "phone",
  "email",
  "name",
  "firstName",
  "lastName",
  "first_name",
  "last_name",
  "address",
  "address1",
  "address2",
  "street1",
  "street2",
  "latitude",
  "longitude",
  "contact",
  "notes",
  "note",
  "signatory",
  "signatory_name",
] as const;

/** Headers that authenticate a request (Shopify's session token and access token, the courier's token and its webhook credentials). */
export const REDACTED_HEADERS = ["authorization", "cookie", "x-shopify-access-token", "x-api-key"] as const;

const AT_ANY_DEPTH = ["", "*.", "*.*."] as const;

/** The redaction paths given to the logger: each key at every depth above, each header in a `headers` object. */
export const REDACTED_PATHS: readonly string[] = [
  ...REDACTED_KEYS.flatMap((key) => AT_ANY_DEPTH.map((prefix) => `${prefix}${key}`)),
  ...REDACTED_HEADERS.flatMap((header) => AT_ANY_DEPTH.map((prefix) => `${prefix}headers["${header}"]`)),
];
