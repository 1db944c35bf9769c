import type { PickupLocation } from "@prisma/client";
import type { ShopSettings } from "~/settings/shop-settings";
import { readLocationAddress } from "~/shipments/location-address";
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
    deliveryAreas: settings.deliveryAreas,
  };
}

/** Enabled pickup locations by Shopify location id, with the contact and notes set in the app. */
export function pickupPointsOf(
  rows: Pick<
    PickupLocation,
    "enabled" | "locationGid" | "name" | "addressJson" | "contactName" | "contactPhone" | "notes"
  >[],
): ReadonlyMap<string, PickupPoint> {
  return new Map(
    rows
      .filter((row) => row.enabled)
      .map((row) => [
        row.locationGid,
        {
          locationGid: row.locationGid,
          name: row.name,
          address: readLocationAddress(row.addressJson),
          contactName: row.contactName,
          contactPhone: row.contactPhone,
          notes: row.notes,
        },
      ]),
  );
}
