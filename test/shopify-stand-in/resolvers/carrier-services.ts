import { idConnection, type ConnectionArgs } from "../connection";
import {
  createCarrierService,
  deleteCarrierService,
  updateCarrierService,
  type CarrierServiceCreateInput,
  type CarrierServiceUpdateInput,
} from "../domain/carrier-services";
import { filterBySearch } from "../domain/search-query";
import { legacyIdOf } from "../gid";
import { findRecord } from "../lookup";
import { StandInNotImplementedError } from "../not-implemented";
import type { CarrierServiceState } from "../shop-state";
import { assertGid } from "./common";
import type { IdArgs, ResolverContext, Resolvers } from "./types";

export const carrierServiceResolvers: Resolvers = {
  QueryRoot: {
    carrierService: (_root: unknown, args: IdArgs, ctx: ResolverContext) => {
      assertGid(args.id);
      return findRecord(ctx.shop, "DeliveryCarrierService", args.id);
    },
    carrierServices: (
      _root: unknown,
      args: ConnectionArgs & { query?: string | null; sortKey?: string | null },
      ctx: ResolverContext,
    ) => {
      if ((args.sortKey ?? "ID") !== "ID")
        throw new StandInNotImplementedError(`carrierServices(sortKey: ${args.sortKey})`);
      const matching = filterBySearch(ctx.shop.carrierServices, args.query, "carrierServices", {
        active: (s, term) => String(s.active) === term.value,
        id: (s, term) => legacyIdOf(s.id) === term.value,
      });
      return idConnection(matching, args);
    },
  },
  DeliveryCarrierService: {
    formattedName: (service: CarrierServiceState) => `${service.name} (Rates provided by app)`,
  },
  Mutation: {
    carrierServiceCreate: (_root: unknown, args: { input: CarrierServiceCreateInput }, ctx: ResolverContext) =>
      createCarrierService(ctx.shop, args.input, ctx.app.apiClientId),
    carrierServiceUpdate: (_root: unknown, args: { input: CarrierServiceUpdateInput }, ctx: ResolverContext) =>
      updateCarrierService(ctx.shop, args.input, ctx.app.apiClientId),
    carrierServiceDelete: (_root: unknown, args: IdArgs, ctx: ResolverContext) =>
      deleteCarrierService(ctx.shop, args.id, ctx.app.apiClientId),
  },
};
