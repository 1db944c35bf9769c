/**
 * What the logger censors: keys that hold tokens, secrets or a customer's personal data, at the top
 * of an entry's fields or inside the objects that carry such data, plus the request headers that
 * carry credentials. Values are replaced, keys kept, so an entry still shows that the field was there.
 *
 * Every path is spelled out: with this list's keys as wildcard paths (`key`, `*.key`, `*.*.key`) pino
 * took about 210 µs to write a job's entry, with these explicit paths about 2 µs, as without redaction
 * (measured on a loaded 2-core machine), and the worker writes an entry per job.
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
  // a staff member's name, kept with their actions (app/shops/staff-actions.server.ts)
  "staffName",
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

/**
 * Objects whose fields are a person's data: addresses, customers, request and webhook bodies (`address`
 * and `contact` are keys above, censored whole).
 */
export const PERSONAL_DATA_OBJECTS = [
  "shippingAddress",
  "billingAddress",
  "customer",
  "recipient",
  "pickup_location",
  "delivery_location",
  "body",
  "payload",
  "data",
] as const;

/** Where request headers appear in an entry's fields. */
export const HEADER_OBJECTS = ["headers", "req.headers", "request.headers"] as const;

/** The redaction paths given to the logger: each key at the top and in each personal-data object, each header in each headers object. */
export const REDACTED_PATHS: readonly string[] = [
  ...REDACTED_KEYS,
  ...PERSONAL_DATA_OBJECTS.flatMap((object) => REDACTED_KEYS.map((key) => `${object}.${key}`)),
  ...HEADER_OBJECTS.flatMap((object) => REDACTED_HEADERS.map((header) => `${object}["${header}"]`)),
];
