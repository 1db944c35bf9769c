import { TRACKING_NUMBER_PLACEHOLDER } from "./limits";

/** An https:// address once a sample tracking number fills the placeholder. */
export function isHttpsUrlTemplate(template: string): boolean {
  try {
    const url = new URL(fillTrackingTemplate(template, "TRACK123456"));
    return url.protocol === "https:" && url.hostname !== "";
  } catch {
    return false;
  }
}

/** The tracking URL for a tracking number, or null when the shop set no template. */
export function trackingUrlFor(template: string | null, trackingNumber: string): string | null {
  return template === null ? null : fillTrackingTemplate(template, trackingNumber);
}

function fillTrackingTemplate(template: string, trackingNumber: string): string {
  return template.split(TRACKING_NUMBER_PLACEHOLDER).join(encodeURIComponent(trackingNumber));
}
