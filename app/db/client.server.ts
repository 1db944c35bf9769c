import { PrismaClient } from "@prisma/client";
import { createDriverAdapter } from "./adapter.server";

export type Db = PrismaClient;

export function createDb(databaseUrl: string): Db {
  return new PrismaClient({ adapter: createDriverAdapter(databaseUrl) });
}
