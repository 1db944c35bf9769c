import { assertGid } from "./common";
import type { ResolverContext, Resolvers } from "./types";

export const nodeResolvers: Resolvers = {
  QueryRoot: {
    node: (_root: unknown, args: { id: string }, ctx: ResolverContext) => {
      assertGid(args.id);
      return ctx.shop.index.get(args.id) ?? null;
    },
    nodes: (_root: unknown, args: { ids: string[] }, ctx: ResolverContext) =>
      args.ids.map((id) => {
        assertGid(id);
        return ctx.shop.index.get(id) ?? null;
      }),
  },
};
