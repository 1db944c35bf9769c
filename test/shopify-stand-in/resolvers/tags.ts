import { assertAccess, OWNER_WRITE_ACCESS } from "../access";
import { changeTags } from "../domain/tags";
import { typeOfGid } from "../gid";
import type { ResolverContext, Resolvers } from "./types";

type TagsArgs = { id: string; tags: string[] };

function run(mode: "add" | "remove") {
  return (_root: unknown, args: TagsArgs, ctx: ResolverContext) => {
    const required = OWNER_WRITE_ACCESS[typeOfGid(args.id) ?? ""];
    if (required) assertAccess(ctx.scopes, mode === "add" ? "tagsAdd" : "tagsRemove", required);
    return changeTags(ctx.shop, args.id, args.tags, mode, ctx.now());
  };
}

export const tagResolvers: Resolvers = {
  Mutation: { tagsAdd: run("add"), tagsRemove: run("remove") },
};
