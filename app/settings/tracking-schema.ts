import { z } from "zod";
import { Flag, optionalText, text, wholeNumber } from "./form-fields";
import {
  RATING_REASON_MAX_LENGTH,
  RATING_REASONS_DEFAULT,
  RATING_REASONS_MAX,
  TRACKING_COMPANY_MAX_LENGTH,
  TRACKING_CONTACT_EMAIL_MAX_LENGTH,
  TRACKING_LOGO_URL_MAX_LENGTH,
  TRACKING_MAP_ATTRIBUTION_MAX_LENGTH,
  TRACKING_MAP_TILE_URL_MAX_LENGTH,
  TRACKING_NUMBER_PLACEHOLDER,
  TRACKING_PAGE_DAYS_DEFAULT,
  TRACKING_PAGE_DAYS_MAX,
  TRACKING_PAGE_DAYS_MIN,
  TRACKING_URL_TEMPLATE_MAX_LENGTH,
} from "./limits";
import { isHttpsUrlTemplate } from "./tracking-url";
import { isMapTileTemplate } from "~/config/map-tile-source";
import { plainHttpsOrigin } from "~/config/plain-https-origin";

const TrackingUrlTemplate = z.preprocess(
  (value) => (value === undefined || (typeof value === "string" && value.trim() === "") ? null : value),
  z
    .string({ error: "Enter a URL template" })
    .trim()
    .max(TRACKING_URL_TEMPLATE_MAX_LENGTH, `The URL must be at most ${TRACKING_URL_TEMPLATE_MAX_LENGTH} characters`)
    .refine(
      (template) => template.includes(TRACKING_NUMBER_PLACEHOLDER),
      `Include ${TRACKING_NUMBER_PLACEHOLDER} in the URL`,
    )
    .refine(
      isHttpsUrlTemplate,
      `Enter an https:// address, for example https://track.example.com/${TRACKING_NUMBER_PLACEHOLDER}`,
    )
    .nullable(),
);

/** Empty → null; anything else must pass `check`. */
const optionalChecked = (max: number, what: string, check: (value: string) => boolean, message: string) =>
  optionalText(max, what).refine((value) => value === null || check(value), message);

/** The page's CSP names the logo's host, so only an https address on a plain hostname is taken. */
const isHttpsUrl = (value: string) => plainHttpsOrigin(value) !== null;

/** The reasons a shopper may tick with their rating: one field on the page, separated by commas. */
const RatingReasons = z
  .preprocess(
    (value) => (typeof value === "string" ? value.split(/[,\n]/) : value),
    z.array(z.string({ error: "Enter reasons separated by commas" }), { error: "Enter reasons separated by commas" }),
  )
  .transform((reasons) => [...new Set(reasons.map((reason) => reason.trim()).filter((reason) => reason !== ""))])
  .refine(
    (reasons) => reasons.every((reason) => reason.length <= RATING_REASON_MAX_LENGTH),
    `Each reason must be at most ${RATING_REASON_MAX_LENGTH} characters`,
  )
  .refine((reasons) => reasons.length <= RATING_REASONS_MAX, `Enter at most ${RATING_REASONS_MAX} reasons`);

export const TrackingSettings = z.object({
  companyName: text(1, TRACKING_COMPANY_MAX_LENGTH, "A tracking company name"),
  /** null: fulfillments link to the app's own tracking page for each delivery. */
  urlTemplate: TrackingUrlTemplate,
  /** Days the shoppers' tracking page keeps working after the delivery's final state. */
  pageDays: wholeNumber(TRACKING_PAGE_DAYS_MIN, TRACKING_PAGE_DAYS_MAX, "days").default(TRACKING_PAGE_DAYS_DEFAULT),
  /** The store's logo on the shoppers' page (https); null: the store's name only. */
  logoUrl: optionalChecked(
    TRACKING_LOGO_URL_MAX_LENGTH,
    "The logo's address",
    isHttpsUrl,
    "Enter an https:// address of an image, for example https://cdn.shopify.com/…/logo.png",
  ).default(null),
  /** The page's accent colour (#rrggbb); null: the app's own. */
  accentColor: optionalChecked(
    7,
    "The accent colour",
    (value) => /^#[0-9a-f]{6}$/i.test(value),
    "Enter a colour as # and six hex digits, for example #1e40af",
  ).default(null),
  /** The store's email on the shoppers' page, after the pickup location's phone; null: none. */
  contactEmail: optionalChecked(
    TRACKING_CONTACT_EMAIL_MAX_LENGTH,
    "The contact email",
    (value) => z.email().safeParse(value).success,
    "Enter an email address, for example hello@example.com",
  ).default(null),
  /** Map tiles under the page's map (map-tile-source.ts); null: the map from the app's own data only. */
  mapTileUrl: optionalChecked(
    TRACKING_MAP_TILE_URL_MAX_LENGTH,
    "The map tile address",
    isMapTileTemplate,
    "Enter an https:// address with {z}, {x} and {y}, for example https://tiles.example.com/{z}/{x}/{y}.png",
  ).default(null),
  /** The credit the tile provider asks for, shown under the map; null: none. */
  mapTileAttribution: optionalText(TRACKING_MAP_ATTRIBUTION_MAX_LENGTH, "The map credit").default(null),
  /** The reasons the shopper may give with their rating after delivery (shown to staff). */
  ratingReasons: RatingReasons.default(RATING_REASONS_DEFAULT),
  /** The shopper's rating is also sent to the courier as the driver's rating (once per delivery). */
  forwardRating: Flag.default(false),
  /**
   * The driver's first name, vehicle and phone on the shoppers' page while a driver has the delivery;
   * off by default (the courier's driver is the merchant's to introduce), never after it ended.
   */
  showDriver: Flag.default(false),
});
