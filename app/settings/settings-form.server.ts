import type { Db } from "~/db/client.server";
import { componentLogger } from "~/logging/logger.server";
import { validatePickupLocations, type PickupLocationInput } from "~/settings/pickup-locations";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import { fetchLocations } from "~/shopify-admin/locations.server";
import { dottedFieldsToObject, type FormDataLike } from "./dotted-fields";
import { parseShopSettings, validateSettingsInput, type ShopSettings } from "./shop-settings";

/**
 * The settings page's one save: the shop settings (validated by app/settings on top of the
 * current ones) and the pickup locations, written together or not at all.
 */

export type SaveSettingsResult =
  { ok: true; settings: ShopSettings; previous: ShopSettings } | { ok: false; fieldErrors: Record<string, string> };

const SHOP_NOT_SET_UP = "The app is not set up for this store yet. Reload the app.";

type Snapshot = { name: string; addressJson: string };

async function locationSnapshots(
  deps: { db: Db; admin: AdminGraphql },
  shopId: string,
): Promise<Map<string, Snapshot>> {
  const snapshots = new Map<string, Snapshot>();
  const stored = await deps.db.pickupLocation.findMany({
    where: { shopId },
    select: { locationGid: true, name: true, addressJson: true },
  });
  for (const s of stored) snapshots.set(s.locationGid, { name: s.name, addressJson: s.addressJson });
  try {
    for (const location of await fetchLocations(deps.admin)) {
      snapshots.set(location.id, { name: location.name, addressJson: JSON.stringify(location.address) });
    }
  } catch (error) {
    // The stored snapshot still serves a location saved before; a new one needs Shopify (checked by the caller).
    componentLogger("onboarding").warn("Could not refresh locations from Shopify", { err: error });
  }
  return snapshots;
}

export async function saveSettingsForm(
  deps: { db: Db; admin: AdminGraphql },
  shopDomain: string,
  form: FormDataLike,
): Promise<SaveSettingsResult> {
  const shop = await deps.db.shop.findUnique({
    where: { domain: shopDomain },
    select: { id: true, settingsJson: true },
  });
  if (!shop) return { ok: false, fieldErrors: { form: SHOP_NOT_SET_UP } };
  const previous = parseShopSettings(shop.settingsJson);

  const fieldErrors: Record<string, string> = {};
  // One reading of the dotted names for both parts; `intent` names the form, not a setting.
  const { intent: _intent, pickupLocations: rawPickups, ...settingsInput } = dottedFieldsToObject(form, fieldErrors);
  const settings = validateSettingsInput(settingsInput, previous);
  if (!settings.ok) Object.assign(fieldErrors, settings.fieldErrors);

  let pickups: PickupLocationInput[] = [];
  if (rawPickups !== undefined) {
    // A row left out of the middle of the list is checked as an empty row, so its error names a field.
    const rows = Array.isArray(rawPickups) ? Array.from(rawPickups, (row: unknown) => row ?? {}) : rawPickups;
    const checked = validatePickupLocations(rows);
    if (checked.ok) pickups = checked.locations;
    else Object.assign(fieldErrors, checked.fieldErrors);
  }
  const snapshots = pickups.length > 0 ? await locationSnapshots(deps, shop.id) : new Map<string, Snapshot>();
  pickups.forEach((p, i) => {
    if (!snapshots.has(p.locationGid)) {
      fieldErrors[`pickupLocations.${i}.locationGid`] =
        "Shopify did not confirm this location; reload the page and try again.";
    }
  });
  if (!settings.ok || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  await deps.db.$transaction(async (tx) => {
    await tx.shop.update({ where: { id: shop.id }, data: { settingsJson: JSON.stringify(settings.settings) } });
    for (const p of pickups) {
      const snapshot = snapshots.get(p.locationGid)!;
      const data = {
        name: snapshot.name,
        addressJson: snapshot.addressJson,
        enabled: p.enabled,
        contactName: p.contactName || null,
        contactPhone: p.contactPhone || null,
        notes: p.notes || null,
      };
      await tx.pickupLocation.upsert({
        where: { shopId_locationGid: { shopId: shop.id, locationGid: p.locationGid } },
        create: { shopId: shop.id, locationGid: p.locationGid, ...data },
        update: data,
      });
    }
  });
  return { ok: true, settings: settings.settings, previous };
}

/** Onboarding's one-field save of the dispatch mode, through the same validation. */
export async function saveDispatchMode(db: Db, shopDomain: string, mode: unknown): Promise<SaveSettingsResult> {
  const shop = await db.shop.findUnique({ where: { domain: shopDomain }, select: { id: true, settingsJson: true } });
  if (!shop) return { ok: false, fieldErrors: { form: SHOP_NOT_SET_UP } };
  const previous = parseShopSettings(shop.settingsJson);
  const result = validateSettingsInput({ dispatchMode: mode }, previous);
  if (!result.ok) return { ok: false, fieldErrors: result.fieldErrors };
  await db.shop.update({ where: { id: shop.id }, data: { settingsJson: JSON.stringify(result.settings) } });
  return { ok: true, settings: result.settings, previous };
}
