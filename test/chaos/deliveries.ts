/**
 * Deliveries to the app as Shopify and the courier make them: each one repeated until the app
 * answers 2xx (a killed app refuses the connection; a 5xx or 503 asks for another try), one second
 * apart. Counts every answer that was not an acceptance.
 */
import { createPoster, sleep, type PreparedRequest } from "../bench/harness";

export const REDELIVERY_DELAY_MS = 1_000;

export type DeliveryReport = {
  delivered: number;
  /** Requests still not accepted when the time limit came. */
  undelivered: number;
  /** Answers other than 2xx, by status ("0": no answer, e.g. the app was down). */
  refusals: Record<string, number>;
  durationMs: number;
};

/**
 * Sends `requests` through `lanes` connections (or at `perSecond`, when given, open loop), each
 * repeated until accepted or until `limitMs` after the start.
 */
export async function deliverUntilAccepted(
  baseUrl: string,
  requests: readonly PreparedRequest[],
  options: { lanes: number; perSecond?: number; limitMs: number; onProgress?: (delivered: number) => void },
): Promise<DeliveryReport> {
  const poster = createPoster(baseUrl, Math.max(options.lanes, 64));
  const started = Date.now();
  const refusals: Record<string, number> = {};
  let delivered = 0;
  let undelivered = 0;
  const progressEvery = Math.max(1, Math.floor(requests.length / 10));
  const deliverOne = async (request: PreparedRequest) => {
    for (;;) {
      const answer = await poster.post(request);
      if (answer.status >= 200 && answer.status < 300) {
        delivered += 1;
        if (options.onProgress && delivered % progressEvery === 0) options.onProgress(delivered);
        return;
      }
      refusals[String(answer.status)] = (refusals[String(answer.status)] ?? 0) + 1;
      if (Date.now() - started > options.limitMs) {
        undelivered += 1;
        return;
      }
      await sleep(REDELIVERY_DELAY_MS);
    }
  };
  if (options.perSecond) {
    const inFlight: Promise<void>[] = [];
    for (const [index, request] of requests.entries()) {
      const wait = started + (index * 1000) / options.perSecond - Date.now();
      if (wait > 1) await sleep(wait);
      inFlight.push(deliverOne(request));
    }
    await Promise.all(inFlight);
  } else {
    let next = 0;
    const lane = async () => {
      while (next < requests.length) await deliverOne(requests[next++]!);
    };
    await Promise.all(Array.from({ length: options.lanes }, lane));
  }
  poster.close();
  return { delivered, undelivered, refusals, durationMs: Date.now() - started };
}
