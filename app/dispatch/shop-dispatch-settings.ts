import type { PickupLocation } from "@prisma/client";
import type { ShopSettings } from "~/settings/shop-settings";
import type { DispatchSettings, PickupPoint } from "./order-to-shipments";

/** The part of the shop's settings the order → shipment mapping reads. */
export function dispatchSettingsOf(settings: ShopSettings): DispatchSettings {
  return {
    defaultPackage: {
      length: settings.defaultPackage.lengthInches,
      width: settings.defaultPackage.widthInches,
      height: settings.defaultPackage.heightInches,
      weight: settings.defaultPackage.weightPounds,
    },
    age21Tags: settings.tags.over21,
    age18Tags: settings.tags.over18,
    signatureRequired: settings.deliveryOptions.signatureRequired,
    notificationsEnabled: settings.deliveryOptions.recipientSmsNotifications,
    declineInsurance: settings.deliveryOptions.declineInsurance,
    driverNotes: settings.driverNotes,
  };
}

function addressSnapshot(json: string): PickupPoint["address"] {
  try {
    const value = JSON.parse(json) as Record<string, unknown>;
    const text = (key: string) => (typeof value[key] === "string" ? (value[key] as string) : null);
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

/** Enabled pickup locations by Shopify location id, with the contact and notes set in the app. */
export function pickupPointsOf(rows: PickupLocation[]): ReadonlyMap<string, PickupPoint> {
  return new Map(
    rows
      .filter((row) => row.enabled)
      .map((row) => [
        row.locationGid,
        {
          locationGid: row.locationGid,
          name: row.name,
          address: addressSnapshot(row.addressJson),
          contactName: row.contactName,
          contactPhone: row.contactPhone,
          notes: row.notes,
        },
      ]),
  );
}
