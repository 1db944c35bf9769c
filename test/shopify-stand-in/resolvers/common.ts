import { GraphQLError } from "graphql";
import { legacyIdOf, parseGid } from "../gid";

/** Shopify refuses an id argument that is not a global id (a wrong type just finds nothing). */
export function assertGid(id: string): void {
  if (!parseGid(id)) {
    throw new GraphQLError(`Invalid global id '${id}'`, {
      extensions: { code: "argumentLiteralsIncompatible", typeName: "CoercionError" },
    });
  }
}

export const legacyResourceId = (record: { id: string }) => legacyIdOf(record.id);
