/**
 * Display formatting shared by the pages. Always in the shop's time zone and en-US, so the server
 * render and the browser's hydration produce the same text.
 */

export function formatDateTime(iso: string | null, timeZone: string): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(date);
  } catch {
    return (
      new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium", timeStyle: "short" }).format(date) +
      " UTC"
    );
  }
}

export function formatMoney(cents: number | null, currency = "USD"): string {
  if (cents === null) return "—";
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/** The extensions' badge tones as Polaris Badge tones (Polaris has no "neutral" or "caution"). */
export function polarisTone(
  tone: "info" | "success" | "warning" | "critical" | "neutral" | "caution",
): "info" | "success" | "warning" | "critical" | "attention" | undefined {
  if (tone === "neutral") return undefined;
  if (tone === "caution") return "attention";
  return tone;
}
