import { assertAccess, ownerWriteAccess } from "../access";
import { changeTags } from "../domain/tags";
import type { ResolverContext, Resolvers } from "./types";

type TagsArgs = { id: string; tags: string[] };

function run(mode: "add" | "remove") {
  return (_root: unknown, args: TagsArgs, ctx: ResolverContext) => {
    assertAccess(ctx.scopes, mode === "add" ? "tagsAdd" : "tagsRemove", ownerWriteAccess(args.id));
    return changeTags(ctx.shop, args.id, args.tags, mode, ctx.now());
  };
}

export const tagResolvers: Resolvers = {
  Mutation: { tagsAdd: run("add"), tagsRemove: run("remove") },
};
