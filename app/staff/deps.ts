import type { Db } from "~/db/client.server";
import type { JobQueue } from "~/jobs/queue.server";
import type { CourierForShop } from "~/shops/courier-for-shop.server";
import type { AdminGraphql } from "~/shopify-admin/admin-request.server";
import type { FileLinkSigner } from "./file-links.server";

/** What every staff action needs: passed in by the route (the shell), never built here. */
export type StaffDeps = {
  db: Db;
  clock: () => Date;
  /** The shop's courier client, or null when no courier account is connected. */
  courierFor: CourierForShop;
  files: FileLinkSigner;
  /** For what an action leaves to a job (the order's delivery metafield). */
  queue: JobQueue;
};

/** The request's Admin API access (from `authenticate.admin`), for what the action changes on the order. */
export type WithAdmin = { admin: AdminGraphql };
