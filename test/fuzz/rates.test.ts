/** Fuzzing the carrier-service rate callback against the courier sandbox (see test/fuzz/runner.ts). */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe } from "vitest";
import { appConfig } from "~/config/env.server";
import { RATES_CALLBACK_PATH } from "~/carrier-service/register.server";
import { db } from "~/db.server";
import { startCourierSandbox, type CourierSandbox } from "../courier-sandbox/server";
import { quoteSettings, seedQuoteShop } from "../app/quote/quote-shop";
import { fuzzes } from "./settings";
import { ratesTarget } from "./targets/rates";

const SHOP = "fuzz-rates.myshopify.com";
const settings = quoteSettings();
let sandbox: CourierSandbox;

beforeAll(async () => {
  sandbox = await startCourierSandbox({ tokens: [] });
  const token = `fuzz-${randomUUID()}`;
  sandbox.addToken(token);
  await seedQuoteShop(db, {
    domain: SHOP,
    settings,
    courier: { token, baseUrl: sandbox.url, keys: appConfig().encryption },
  });
});
afterAll(() => sandbox.close());

describe("carrier-service rate callback", () => {
  fuzzes(
    `POST ${RATES_CALLBACK_PATH}`,
    () => db,
    () => ratesTarget(SHOP, settings.timeBudgetMs),
  );
  fuzzes(
    `POST ${RATES_CALLBACK_PATH} (8 at a time)`,
    () => db,
    () => ratesTarget(SHOP, settings.timeBudgetMs, 8),
  );
});
