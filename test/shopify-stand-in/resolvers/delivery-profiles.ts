import { idConnection, type ConnectionArgs } from "../connection";
import { updateDeliveryProfile, type DeliveryProfileInput } from "../domain/delivery-profiles";
import { findRecord, requireRecord } from "../lookup";
import { StandInNotImplementedError } from "../not-implemented";
import type {
  DeliveryCountryState,
  DeliveryLocationGroupState,
  DeliveryParticipantState,
  DeliveryProfileState,
  DeliveryRateDefinitionState,
  DeliveryZoneState,
} from "../shop-state";
import { moneyV2 } from "../values";
import { assertGid } from "./common";
import type { IdArgs, ResolverContext, Resolvers } from "./types";

type ProfileLocationGroup = { group: DeliveryLocationGroupState };

function zonesOf(profile: DeliveryProfileState): DeliveryZoneState[] {
  return profile.locationGroups.flatMap((g) => g.zones);
}

export const deliveryProfileResolvers: Resolvers = {
  QueryRoot: {
    deliveryProfile: (_root: unknown, args: IdArgs, ctx: ResolverContext) => {
      assertGid(args.id);
      return findRecord(ctx.shop, "DeliveryProfile", args.id);
    },
    deliveryProfiles: (
      _root: unknown,
      args: ConnectionArgs & { merchantOwnedOnly?: boolean | null },
      ctx: ResolverContext,
    ) => {
      const profiles = ctx.shop.deliveryProfiles.filter((p) => !args.merchantOwnedOnly || p.merchantOwned);
      return idConnection(
        [...profiles].sort((a, b) => Number(b.default) - Number(a.default)),
        args,
      );
    },
  },
  DeliveryProfile: {
    profileLocationGroups: (
      profile: DeliveryProfileState,
      args: { locationGroupId?: string | null },
    ): ProfileLocationGroup[] =>
      profile.locationGroups
        .filter((g) => args.locationGroupId == null || g.id === args.locationGroupId)
        .map((group) => ({ group })),
    activeMethodDefinitionsCount: (profile: DeliveryProfileState) =>
      zonesOf(profile)
        .flatMap((z) => z.methodDefinitions)
        .filter((m) => m.active).length,
    originLocationCount: (profile: DeliveryProfileState) =>
      new Set(profile.locationGroups.flatMap((g) => g.locationIds)).size,
    zoneCountryCount: (profile: DeliveryProfileState) => zonesOf(profile).flatMap((z) => z.countries).length,
    locationsWithoutRatesCount: (profile: DeliveryProfileState) =>
      profile.locationGroups
        .filter((g) => !g.zones.some((z) => z.methodDefinitions.some((m) => m.active)))
        .flatMap((g) => g.locationIds).length,
    unassignedLocations: (profile: DeliveryProfileState, _args: unknown, ctx: ResolverContext) => {
      const assigned = new Set(profile.locationGroups.flatMap((g) => g.locationIds));
      return ctx.shop.locations.filter((l) => l.isActive && !assigned.has(l.id));
    },
  },
  DeliveryProfileLocationGroup: {
    locationGroup: (plg: ProfileLocationGroup) => plg.group,
    locationGroupZones: (plg: ProfileLocationGroup, args: ConnectionArgs) => idConnection(plg.group.zones, args),
    countriesInAnyZone: (plg: ProfileLocationGroup) =>
      plg.group.zones.flatMap((zone) => zone.countries.map((country) => ({ country, zone: zone.name }))),
  },
  DeliveryLocationGroup: {
    locations: (
      group: DeliveryLocationGroupState,
      args: ConnectionArgs & { includeInactive?: boolean | null; query?: string | null },
      ctx: ResolverContext,
    ) => {
      if (args.query) throw new StandInNotImplementedError("DeliveryLocationGroup.locations(query:)");
      const locations = group.locationIds
        .map((id) => requireRecord(ctx.shop, "Location", id))
        .filter((l) => args.includeInactive || l.isActive);
      return idConnection(locations, args);
    },
    locationsCount: (group: DeliveryLocationGroupState) => ({ count: group.locationIds.length, precision: "EXACT" }),
  },
  DeliveryLocationGroupZone: {
    zone: (zone: DeliveryZoneState) => zone,
    methodDefinitions: (
      zone: DeliveryZoneState,
      args: ConnectionArgs & { eligible?: boolean | null; type?: string | null; sortKey?: string | null },
    ) => {
      if (args.eligible != null)
        throw new StandInNotImplementedError("DeliveryLocationGroupZone.methodDefinitions(eligible:)");
      if (args.sortKey != null && args.sortKey !== "ID")
        throw new StandInNotImplementedError(`methodDefinitions(sortKey: ${args.sortKey})`);
      const kind = args.type === "MERCHANT" ? "rate" : args.type === "PARTICIPANT" ? "participant" : null;
      if (args.type != null && !kind) throw new StandInNotImplementedError(`methodDefinitions(type: ${args.type})`);
      return idConnection(
        zone.methodDefinitions.filter((m) => !kind || m.rateProvider.kind === kind),
        args,
      );
    },
    methodDefinitionCounts: (zone: DeliveryZoneState) => ({
      participantDefinitionsCount: zone.methodDefinitions.filter((m) => m.rateProvider.kind === "participant").length,
      rateDefinitionsCount: zone.methodDefinitions.filter((m) => m.rateProvider.kind === "rate").length,
    }),
  },
  DeliveryCountry: {
    code: (country: DeliveryCountryState) => ({
      countryCode: country.countryCode,
      restOfWorld: country.countryCode === null,
    }),
    translatedName: (country: DeliveryCountryState) => country.name,
  },
  DeliveryProvince: {
    translatedName: (province: { name: string }) => province.name,
  },
  DeliveryMethodDefinition: {
    methodConditions: () => [],
  },
  DeliveryParticipant: {
    carrierService: (participant: DeliveryParticipantState, _args: unknown, ctx: ResolverContext) =>
      requireRecord(ctx.shop, "DeliveryCarrierService", participant.carrierServiceId),
    fixedFee: (participant: DeliveryParticipantState, _args: unknown, ctx: ResolverContext) =>
      participant.fixedFee === null ? null : moneyV2(participant.fixedFee, ctx.shop.currencyCode),
  },
  DeliveryRateDefinition: {
    price: (rate: DeliveryRateDefinitionState, _args: unknown, ctx: ResolverContext) =>
      moneyV2(rate.price, ctx.shop.currencyCode),
  },
  Mutation: {
    deliveryProfileUpdate: (
      _root: unknown,
      args: { id: string; profile: DeliveryProfileInput },
      ctx: ResolverContext,
    ) => updateDeliveryProfile(ctx.shop, args.id, args.profile),
  },
};
