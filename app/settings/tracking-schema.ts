import { z } from "zod";
import { text, wholeNumber } from "./form-fields";
import {
  TRACKING_COMPANY_MAX_LENGTH,
  TRACKING_NUMBER_PLACEHOLDER,
  TRACKING_PAGE_DAYS_DEFAULT,
  TRACKING_PAGE_DAYS_MAX,
  TRACKING_PAGE_DAYS_MIN,
  TRACKING_URL_TEMPLATE_MAX_LENGTH,
} from "./limits";
import { isHttpsUrlTemplate } from "./tracking-url";

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

export const TrackingSettings = z.object({
  companyName: text(1, TRACKING_COMPANY_MAX_LENGTH, "A tracking company name"),
  /** null: fulfillments link to the app's own tracking page for each delivery. */
  urlTemplate: TrackingUrlTemplate,
  /** Days the shoppers' tracking page keeps working after the delivery's final state. */
  pageDays: wholeNumber(TRACKING_PAGE_DAYS_MIN, TRACKING_PAGE_DAYS_MAX, "days").default(TRACKING_PAGE_DAYS_DEFAULT),
});
