import type { DeliveryProfiles } from "~/shopify-admin/carrier-service.server";
import type { DeliveryProfileView } from "./profile-plan";

/** The Admin API's delivery profiles reduced to what the planner reads. */
export function toProfileViews(profiles: DeliveryProfiles): DeliveryProfileView[] {
  return profiles.map((profile) => ({
    id: profile.id,
    name: profile.name,
    isDefault: profile.default,
    locationGroups: profile.profileLocationGroups.map((group) => ({
      id: group.locationGroup.id,
      locationIds: group.locationGroup.locations.nodes.map((l) => l.id),
      zones: group.locationGroupZones.nodes.map((z) => ({
        id: z.zone.id,
        name: z.zone.name,
        countryCodes: z.zone.countries.flatMap((c) => (c.code.countryCode ? [c.code.countryCode] : [])),
        restOfWorld: z.zone.countries.some((c) => c.code.restOfWorld),
        carrierServiceIds: z.methodDefinitions.nodes.flatMap((m) =>
          "carrierService" in m.rateProvider && m.rateProvider.carrierService ? [m.rateProvider.carrierService.id] : [],
        ),
      })),
    })),
  }));
}
