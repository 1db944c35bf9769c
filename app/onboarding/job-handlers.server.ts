import type { CourierUrls } from "~/courier/base-url";
import type { Db } from "~/db/client.server";
import type { JobHandlers } from "~/jobs/handlers";
import type { CourierForShop } from "~/shops/courier-for-shop.server";
import { COURIER_HEALTH_JOB, runCourierHealthCheck } from "./courier-health.server";

/** Onboarding's job: the courier connection's health, checked in the background for Home. */
export function onboardingJobHandlers(deps: {
  db: Db;
  courierFor: CourierForShop;
  courierUrls: CourierUrls;
  clock: () => Date;
}): JobHandlers {
  return {
    [COURIER_HEALTH_JOB]: async (job) => {
      await runCourierHealthCheck(deps, job.shopDomain);
    },
  };
}
