/** A Shopify location's address as the app keeps it on PickupLocation.addressJson (a snapshot taken in settings). */
export type LocationAddress = {
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  provinceCode?: string | null;
  zip?: string | null;
  countryCode?: string | null;
};

/** PickupLocation.addressJson read back, for checkout quotes and dispatch alike; {} when unreadable. */
export function readLocationAddress(json: string): LocationAddress {
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== "object" || value === null) return {};
    const record = value as Record<string, unknown>;
    const text = (key: string) => (typeof record[key] === "string" ? (record[key] as string) : null);
    return {
      address1: text("address1"),
      address2: text("address2"),
      city: text("city"),
      provinceCode: text("provinceCode"),
      zip: text("zip"),
      countryCode: text("countryCode"),
    };
  } catch {
    return {};
  }
}
