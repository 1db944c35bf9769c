import { receiveFlowTrigger } from "../domain/flow-triggers";
import type { ResolverContext, Resolvers } from "./types";

export const flowTriggerResolvers: Resolvers = {
  Mutation: {
    flowTriggerReceive: (
      _root: unknown,
      args: { handle?: string | null; payload?: unknown; body?: string | null },
      ctx: ResolverContext,
    ) => receiveFlowTrigger(ctx.shop, args, ctx.now()),
  },
};
