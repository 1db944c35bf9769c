import { idConnection, type ConnectionArgs } from "../connection";
import { filterBySearch, matchText } from "../domain/search-query";
import { legacyIdOf } from "../gid";
import { findRecord } from "../lookup";
import { StandInNotImplementedError } from "../not-implemented";
import type { LocationAddressState, LocationState } from "../shop-state";
import { assertGid, legacyResourceId } from "./common";
import { hasMetafields } from "./metafields";
import { formattedAddress } from "./shop";
import type { ResolverContext, Resolvers } from "./types";

type LocationsArgs = ConnectionArgs & {
  includeInactive?: boolean | null;
  query?: string | null;
  sortKey?: string | null;
};

export function primaryLocation(ctx: ResolverContext): LocationState | null {
  return ctx.shop.locations.find((l) => l.isActive) ?? null;
}

export const locationResolvers: Resolvers = {
  QueryRoot: {
    location: (_root: unknown, args: { id?: string | null }, ctx: ResolverContext) => {
      if (args.id == null) return primaryLocation(ctx);
      assertGid(args.id);
      return findRecord(ctx.shop, "Location", args.id);
    },
    locations: (_root: unknown, args: LocationsArgs, ctx: ResolverContext) => {
      const sortKey = args.sortKey ?? "NAME";
      if (sortKey !== "NAME" && sortKey !== "ID")
        throw new StandInNotImplementedError(`locations(sortKey: ${sortKey})`);
      const candidates = ctx.shop.locations.filter((l) => args.includeInactive || l.isActive);
      const matching = filterBySearch(candidates, args.query, "locations", {
        name: (l, term) => matchText(l.name, term),
        id: (l, term) => legacyIdOf(l.id) === term.value,
        active: (l, term) => String(l.isActive) === term.value,
        text: (l, term) => l.name.toLowerCase().includes(term.value.toLowerCase()),
      });
      const sorted =
        sortKey === "NAME"
          ? [...matching].sort((a, b) => a.name.localeCompare(b.name))
          : [...matching].sort((a, b) => Number(legacyIdOf(a.id)) - Number(legacyIdOf(b.id)));
      return idConnection(sorted, args);
    },
  },
  Location: {
    ...hasMetafields,
    legacyResourceId,
    activatable: (l: LocationState) => !l.isActive,
    deactivatable: (l: LocationState) => l.isActive,
    deletable: (l: LocationState) => !l.isActive,
    isPrimary: (l: LocationState, _args: unknown, ctx: ResolverContext) => primaryLocation(ctx)?.id === l.id,
  },
  LocationAddress: {
    formatted: (address: LocationAddressState) => formattedAddress(address),
  },
};
