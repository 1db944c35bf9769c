/**
 * Since API 2026-10 a new carrier service is not added to any shipping profile. Given the shop's
 * profiles, this decides where same-day delivery must be added so that shoppers of every enabled
 * pickup location see it: the US zones of each location group that holds an enabled location.
 */

export type ProfileZone = {
  id: string;
  name: string;
  countryCodes: string[];
  restOfWorld: boolean;
  carrierServiceIds: string[];
};

export type ProfileLocationGroup = { id: string; locationIds: string[]; zones: ProfileZone[] };
export type DeliveryProfileView = {
  id: string;
  name: string;
  isDefault: boolean;
  locationGroups: ProfileLocationGroup[];
};

export type ZoneAddition = {
  profileId: string;
  profileName: string;
  locationGroupId: string;
  zoneIds: string[];
  zoneNames: string[];
};

export type ProfilePlan = {
  /** Every enabled location already offers the carrier service in a US zone. */
  complete: boolean;
  additions: ZoneAddition[];
  /** Enabled locations with no US zone in any profile: the merchant must create one. */
  locationsWithoutUsZone: string[];
};

const coversUs = (zone: ProfileZone) => zone.countryCodes.includes("US") || zone.restOfWorld;

export function planProfileUpdate(input: {
  profiles: DeliveryProfileView[];
  enabledLocationIds: string[];
  carrierServiceId: string;
}): ProfilePlan {
  const additions: ZoneAddition[] = [];
  const covered = new Set<string>();
  const hasUsZone = new Set<string>();
  for (const profile of input.profiles) {
    for (const group of profile.locationGroups) {
      const enabledHere = group.locationIds.filter((id) => input.enabledLocationIds.includes(id));
      if (enabledHere.length === 0) continue;
      const usZones = group.zones.filter(coversUs);
      if (usZones.length === 0) continue;
      enabledHere.forEach((id) => hasUsZone.add(id));
      const missing = usZones.filter((zone) => !zone.carrierServiceIds.includes(input.carrierServiceId));
      if (missing.length === 0) {
        enabledHere.forEach((id) => covered.add(id));
        continue;
      }
      additions.push({
        profileId: profile.id,
        profileName: profile.name,
        locationGroupId: group.id,
        zoneIds: missing.map((z) => z.id),
        zoneNames: missing.map((z) => z.name),
      });
    }
  }
  const locationsWithoutUsZone = input.enabledLocationIds.filter((id) => !hasUsZone.has(id));
  return {
    complete: additions.length === 0 && locationsWithoutUsZone.length === 0 && input.enabledLocationIds.length > 0,
    additions,
    locationsWithoutUsZone,
  };
}

/** What the merchant does by hand when they prefer not to let the app change their profiles. */
export function manualInstructions(plan: ProfilePlan, serviceName: string): string[] {
  const steps = plan.additions.map(
    (a) =>
      `In Settings › Shipping and delivery, open the "${a.profileName}" profile; in the zone${a.zoneNames.length > 1 ? "s" : ""} ` +
      `${a.zoneNames.map((n) => `"${n}"`).join(", ")} choose Add rate › Use carrier or app to calculate rates › ${serviceName}.`,
  );
  if (plan.locationsWithoutUsZone.length > 0) {
    steps.push(
      "Some pickup locations ship to no United States zone: add a United States shipping zone for them in " +
        "Settings › Shipping and delivery, then add the rate as above.",
    );
  }
  return steps;
}
