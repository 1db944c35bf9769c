import { appConfig } from "./config/env.server";
import { createDb, type Db } from "./db/client.server";

// One client per process; kept on globalThis so the dev server's reloads do not open new pools.
const holder = globalThis as typeof globalThis & { __courierAppDb?: Db };

export const db: Db = (holder.__courierAppDb ??= createDb(appConfig().databaseUrl));
