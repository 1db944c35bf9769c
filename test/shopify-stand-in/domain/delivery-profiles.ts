/**
 * deliveryProfileUpdate for what a carrier app does: add (or update, delete) method definitions in
 * zones, create zones. The change is applied to a copy and swapped in only when it has no errors.
 * Inputs the stand-in does not model (variants, selling plans, conditions, location changes) fail loudly.
 */
import { gid } from "../gid";
import { findRecord, register, unregister } from "../lookup";
import { assertOnlyKeys } from "../not-implemented";
import type { DeliveryMethodDefinitionState, DeliveryProfileState, DeliveryZoneState, ShopState } from "../shop-state";
import { countryName, decimal } from "../values";

type UserError = { field: string[] | null; message: string };

type MoneyInput = { amount: string; currencyCode: string };
export type DeliveryMethodDefinitionInput = {
  id?: string | null;
  name?: string | null;
  active?: boolean | null;
  description?: string | null;
  participant?: {
    id?: string | null;
    carrierServiceId?: string | null;
    adaptToNewServices?: boolean | null;
    fixedFee?: MoneyInput | null;
    percentageOfRateFee?: number | null;
    participantServices?: { name: string; active: boolean }[] | null;
  } | null;
  rateDefinition?: { id?: string | null; price: MoneyInput } | null;
};
type CountryInput = {
  code?: string | null;
  restOfWorld?: boolean | null;
  includeAllProvinces?: boolean | null;
  provinces?: { code: string }[] | null;
};
type ZoneInput = {
  id?: string | null;
  name?: string | null;
  countries?: CountryInput[] | null;
  methodDefinitionsToCreate?: DeliveryMethodDefinitionInput[] | null;
  methodDefinitionsToUpdate?: DeliveryMethodDefinitionInput[] | null;
};
type LocationGroupInput = {
  id?: string | null;
  zonesToCreate?: ZoneInput[] | null;
  zonesToUpdate?: ZoneInput[] | null;
};
export type DeliveryProfileInput = {
  name?: string | null;
  locationGroupsToUpdate?: LocationGroupInput[] | null;
  zonesToDelete?: string[] | null;
  methodDefinitionsToDelete?: string[] | null;
};

const PROFILE_KEYS = ["name", "locationGroupsToUpdate", "zonesToDelete", "methodDefinitionsToDelete"] as const;
const GROUP_KEYS = ["id", "zonesToCreate", "zonesToUpdate"] as const;
const ZONE_KEYS = ["id", "name", "countries", "methodDefinitionsToCreate", "methodDefinitionsToUpdate"] as const;
const METHOD_KEYS = ["id", "name", "active", "description", "participant", "rateDefinition"] as const;
const PARTICIPANT_KEYS = [
  "id",
  "carrierServiceId",
  "adaptToNewServices",
  "fixedFee",
  "percentageOfRateFee",
  "participantServices",
] as const;

class Collector {
  errors: UserError[] = [];
  add(field: string[], message: string) {
    this.errors.push({ field, message });
  }
}

function buildMethod(
  shop: ShopState,
  input: DeliveryMethodDefinitionInput,
  field: string[],
  errors: Collector,
): DeliveryMethodDefinitionState | null {
  assertOnlyKeys("DeliveryMethodDefinitionInput", input, METHOD_KEYS);
  if (!input.name?.trim()) errors.add([...field, "name"], "Name can't be blank");
  if (Boolean(input.participant) === Boolean(input.rateDefinition)) {
    errors.add(field, "A method definition needs exactly one of participant or rateDefinition.");
    return null;
  }
  const base = {
    id: gid("DeliveryMethodDefinition"),
    name: input.name ?? "",
    active: input.active ?? true,
    description: input.description ?? null,
  };
  if (input.rateDefinition)
    return {
      ...base,
      rateProvider: {
        kind: "rate",
        id: gid("DeliveryRateDefinition"),
        price: decimal(input.rateDefinition.price.amount),
      },
    };
  const participant = input.participant!;
  assertOnlyKeys("DeliveryParticipantInput", participant, PARTICIPANT_KEYS);
  const service = findRecord(shop, "DeliveryCarrierService", participant.carrierServiceId);
  if (!service) {
    errors.add([...field, "participant", "carrierServiceId"], "Carrier service could not be found.");
    return null;
  }
  return {
    ...base,
    rateProvider: {
      kind: "participant",
      id: gid("DeliveryParticipant"),
      carrierServiceId: service.id,
      adaptToNewServicesFlag: participant.adaptToNewServices ?? true,
      fixedFee: participant.fixedFee ? decimal(participant.fixedFee.amount) : null,
      percentageOfRateFee: participant.percentageOfRateFee ?? 0,
      participantServices: participant.participantServices ?? [],
    },
  };
}

function updateMethod(
  shop: ShopState,
  zone: DeliveryZoneState,
  input: DeliveryMethodDefinitionInput,
  field: string[],
  errors: Collector,
) {
  assertOnlyKeys("DeliveryMethodDefinitionInput", input, METHOD_KEYS);
  const method = zone.methodDefinitions.find((m) => m.id === input.id);
  if (!method) return errors.add([...field, "id"], "Method definition could not be found.");
  if (input.name != null) method.name = input.name;
  if (input.active != null) method.active = input.active;
  if (input.description !== undefined) method.description = input.description;
  if (input.rateDefinition && method.rateProvider.kind === "rate")
    method.rateProvider.price = decimal(input.rateDefinition.price.amount);
  if (input.participant && method.rateProvider.kind === "participant") {
    const replacement = buildMethod(shop, { name: method.name, participant: input.participant }, field, errors);
    if (replacement?.rateProvider.kind === "participant")
      method.rateProvider = { ...replacement.rateProvider, id: method.rateProvider.id };
  }
}

function countriesFrom(inputs: CountryInput[]) {
  return inputs.map((c) => {
    if (c.provinces?.length) assertOnlyKeys("DeliveryCountryInput", { provinces: c.provinces }, []);
    const code = c.restOfWorld ? null : (c.code ?? null);
    return {
      id: gid("DeliveryCountry"),
      countryCode: code,
      name: code ? countryName(code) : "Rest of World",
      provinces: [],
    };
  });
}

function applyZone(shop: ShopState, zone: DeliveryZoneState, input: ZoneInput, field: string[], errors: Collector) {
  assertOnlyKeys("DeliveryLocationGroupZoneInput", input, ZONE_KEYS);
  if (input.name != null) zone.name = input.name;
  if (input.countries) zone.countries = countriesFrom(input.countries);
  input.methodDefinitionsToCreate?.forEach((m, i) => {
    const method = buildMethod(shop, m, [...field, "methodDefinitionsToCreate", String(i)], errors);
    if (method) zone.methodDefinitions.push(method);
  });
  input.methodDefinitionsToUpdate?.forEach((m, i) =>
    updateMethod(shop, zone, m, [...field, "methodDefinitionsToUpdate", String(i)], errors),
  );
}

/** Index the new tree; ids of zones and method definitions the update deleted disappear. */
function reindex(shop: ShopState, previous: DeliveryProfileState, profile: DeliveryProfileState) {
  for (const group of previous.locationGroups) {
    for (const zone of group.zones) {
      for (const method of zone.methodDefinitions) unregister(shop, method.id);
      unregister(shop, zone.id);
    }
  }
  register(shop, profile);
  for (const group of profile.locationGroups) {
    register(shop, group);
    for (const zone of group.zones) {
      register(shop, zone);
      for (const method of zone.methodDefinitions) register(shop, method);
    }
  }
}

export function updateDeliveryProfile(shop: ShopState, id: string, input: DeliveryProfileInput) {
  assertOnlyKeys("DeliveryProfileInput", input, PROFILE_KEYS);
  const original = findRecord(shop, "DeliveryProfile", id);
  if (!original) return { profile: null, userErrors: [{ field: ["id"], message: "Profile could not be found." }] };
  const profile: DeliveryProfileState = structuredClone(original);
  const errors = new Collector();
  if (input.name != null) profile.name = input.name;
  input.locationGroupsToUpdate?.forEach((groupInput, g) => {
    assertOnlyKeys("DeliveryProfileLocationGroupInput", groupInput, GROUP_KEYS);
    const field = ["profile", "locationGroupsToUpdate", String(g)];
    const group = profile.locationGroups.find((lg) => lg.id === groupInput.id);
    if (!group) return errors.add([...field, "id"], "Location group could not be found.");
    groupInput.zonesToUpdate?.forEach((zoneInput, z) => {
      const zone = group.zones.find((candidate) => candidate.id === zoneInput.id);
      const zoneField = [...field, "zonesToUpdate", String(z)];
      if (!zone) return errors.add([...zoneField, "id"], "Zone could not be found.");
      applyZone(shop, zone, zoneInput, zoneField, errors);
    });
    groupInput.zonesToCreate?.forEach((zoneInput, z) => {
      const zoneField = [...field, "zonesToCreate", String(z)];
      if (!zoneInput.name?.trim()) errors.add([...zoneField, "name"], "Name can't be blank");
      if (!zoneInput.countries?.length) errors.add([...zoneField, "countries"], "Countries can't be blank");
      const zone: DeliveryZoneState = { id: gid("DeliveryZone"), name: "", countries: [], methodDefinitions: [] };
      applyZone(shop, zone, zoneInput, zoneField, errors);
      group.zones.push(zone);
    });
  });
  const zonesToDelete = new Set(input.zonesToDelete ?? []);
  const methodsToDelete = new Set(input.methodDefinitionsToDelete ?? []);
  for (const group of profile.locationGroups) {
    group.zones = group.zones.filter((z) => !zonesToDelete.has(z.id));
    for (const zone of group.zones)
      zone.methodDefinitions = zone.methodDefinitions.filter((m) => !methodsToDelete.has(m.id));
  }
  if (errors.errors.length > 0) return { profile: null, userErrors: errors.errors };
  profile.version += 1;
  shop.deliveryProfiles = shop.deliveryProfiles.map((p) => (p.id === id ? profile : p));
  reindex(shop, original, profile);
  return { profile, userErrors: [] as UserError[] };
}
