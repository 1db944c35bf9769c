import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import {
  BUSY_REQUESTS_PER_SECOND,
  countsAsWork,
  countWhenAnswered,
  createRequestLoad,
  REQUEST_LOAD_HOLD_WINDOWS,
  REQUEST_LOAD_WINDOW_MS,
  workerPaceFor,
} from "~/server/request-load.server";

describe("request load", () => {
  it.each<[string, number[], number, number]>([
    ["nothing received", [], 100, 0],
    ["a burst early in the current window counts at once", [0, 10, 20, 30, 40], 50, 100],
    ["a few requests in the window's first moments do not read as a flood", [0, 1, 2], 5, 60],
    ["the current window's rate so far", [0, 10, 20, 30, 40], 100, 50],
    ["the last full window, while the new one is quieter", [0, 10, 20, 30, 40, 260], 300, 20],
    ["the new window once it is busier", [0, 260, 270, 280], 300, 60],
    [
      "a busy window still counts a second later (a stall in reading requests is no lull)",
      [0, 10, 20, 30, 40],
      REQUEST_LOAD_HOLD_WINDOWS * REQUEST_LOAD_WINDOW_MS + 10,
      20,
    ],
    ["the busiest window of the last second", [0, 10, 20, 30, 40, 260, 510, 520], 760, 20],
    [
      "forgotten once a second has passed without it",
      [0, 10, 20, 30, 40],
      (REQUEST_LOAD_HOLD_WINDOWS + 1) * REQUEST_LOAD_WINDOW_MS + 10,
      0,
    ],
  ])("%s", (_name, arrivals, at, expected) => {
    let time = 0;
    const load = createRequestLoad(() => time);
    for (const t of arrivals) {
      time = t;
      load.received();
    }
    time = at;
    expect(load.perSecond()).toBe(expected);
  });

  it.each<[number, ReturnType<typeof workerPaceFor>]>([
    [0, null],
    [49, null],
    [50, { maxRunning: 1, minStartIntervalMs: 0 }],
    [299, { maxRunning: 1, minStartIntervalMs: 0 }],
    [300, { maxRunning: 1, minStartIntervalMs: 1_000 }],
    [5_000, { maxRunning: 1, minStartIntervalMs: 1_000 }],
  ])("at %d requests a second the worker's pace is %j", (rate, pace) => {
    expect(workerPaceFor(rate)).toEqual(pace);
  });
});

describe("what counts toward the load", () => {
  it.each<[string, number, boolean]>([
    ["POST", 200, true],
    ["POST", 202, true],
    ["POST", 503, true],
    ["POST", 401, false],
    ["POST", 404, false],
    ["POST", 400, false],
    ["POST", 413, false],
    ["POST", 429, false],
    ["PUT", 405, false],
    ["GET", 200, false],
    ["HEAD", 200, false],
    ["OPTIONS", 204, false],
  ])("%s answered %d counts: %s", (method, status, counts) => {
    expect(countsAsWork(method, status)).toBe(counts);
  });

  it("300 junk requests in a second over HTTP leave the worker's pace alone; 300 accepted posts pace it", async () => {
    const load = createRequestLoad();
    const server = createServer((req, res) => {
      countWhenAnswered(load, req, res);
      req.resume();
      const accepted = req.url === "/accepted";
      res.writeHead(accepted ? 200 : req.method === "POST" ? 401 : 404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const send = (path: string, method: string) =>
      fetch(`http://127.0.0.1:${port}${path}`, { method, body: method === "POST" ? "{}" : undefined }).then((r) =>
        r.arrayBuffer(),
      );
    try {
      // Refused webhooks, unknown paths and page reads: the junk the pacing counted before.
      await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          send(i % 3 === 0 ? "/courier/webhooks/nope" : `/junk/${i}`, i % 3 === 2 ? "GET" : "POST"),
        ),
      );
      expect(workerPaceFor(load.perSecond())).toBeNull();
      await Promise.all(Array.from({ length: 300 }, () => send("/accepted", "POST")));
      expect(load.perSecond()).toBeGreaterThanOrEqual(BUSY_REQUESTS_PER_SECOND);
      expect(workerPaceFor(load.perSecond())).not.toBeNull();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
