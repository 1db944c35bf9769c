/** The part of autocannon 8's API the benchmarks use (the package ships no types). */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type AutocannonRequest = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called before every request made from this entry; returns the request to send. */
    setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
    onResponse?: (
      status: number,
      body: string,
      context: Record<string, unknown>,
      headers: Record<string, string | string[]>,
    ) => void;
  };

  export type AutocannonOptions = {
    url: string;
    connections?: number;
    duration?: number;
    /** Requests per second over all connections (each connection gets an equal share per second). */
    overallRate?: number;
    timeout?: number;
    ignoreCoordinatedOmission?: boolean;
    requests?: AutocannonRequest[];
  };

  export type AutocannonResult = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    requests: { total: number; average: number };
  };

  /** Emits "response" (client, statusCode, resBytes, responseTimeMs) and "reqError"; resolves with the result. */
  export type AutocannonInstance = EventEmitter & PromiseLike<AutocannonResult> & { stop(): void };

  export default function autocannon(options: AutocannonOptions): AutocannonInstance;
}
