import { SessionNotFoundError } from "@shopify/shopify-app-remix/server";
import { permanentFailure, retryLater } from "~/jobs/errors";
import { AdminApiError } from "./admin-request.server";

/** Errors from Shopify become the queue's retry instructions (throttling waits as Shopify says). */
export async function withShopifyRetries<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AdminApiError && error.kind === "throttled")
      throw retryLater(error.message, error.retryAfterMs ?? 1000, error);
    if (error instanceof SessionNotFoundError) {
      throw permanentFailure("The shop has no stored Shopify session (the app was uninstalled?).", error);
    }
    throw error;
  }
}
