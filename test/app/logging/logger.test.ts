import { describe, expect, it, vi } from "vitest";
import {
  appLogger,
  componentLogger,
  createLogger,
  errorSummary,
  logOutputFor,
  type LogLevel,
} from "~/logging/logger.server";
import {
  HEADER_OBJECTS,
  PERSONAL_DATA_OBJECTS,
  REDACTED_HEADERS,
  REDACTED_KEYS,
  REDACTED_PATHS,
  REDACTION_CENSOR,
} from "~/logging/redaction";

const LEVELS: LogLevel[] = ["debug", "info", "warn", "error"];

function capturingLogger(level: LogLevel) {
  const entries: Record<string, unknown>[] = [];
  const logger = createLogger(level, {
    format: "json",
    destination: { write: (line: string) => void entries.push(JSON.parse(line) as Record<string, unknown>) },
  });
  return { logger, entries };
}

/** `contact.phone` → ["contact", "phone"]; `req.headers["x-api-key"]` → ["req", "headers", "x-api-key"]. */
function segmentsOf(path: string): string[] {
  return [...path.matchAll(/\["([^"]+)"\]|([^.[\]]+)/g)].map((match) => match[1] ?? match[2]!);
}

function objectAt(segments: string[], value: unknown): Record<string, unknown> {
  return segments.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}

function valueAt(entry: unknown, segments: string[]): unknown {
  return segments.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], entry);
}

describe("redaction", () => {
  it.each(REDACTED_PATHS.map((path) => [path]))("censors %s and keeps the fields beside it", (path) => {
    const { logger, entries } = capturingLogger("info");
    const segments = segmentsOf(path);
    const fields = objectAt(segments, "+17185550134 Jane Doe tok_live_secret");
    const parent = segments.length > 1 ? valueAt(fields, segments.slice(0, -1)) : fields;
    (parent as Record<string, unknown>).orderName = "#1001";
    logger.info(fields, "an entry with personal data");
    expect(entries).toHaveLength(1);
    expect(valueAt(entries[0], segments)).toBe(REDACTION_CENSOR);
    expect(valueAt(entries[0], [...segments.slice(0, -1), "orderName"])).toBe("#1001");
    expect(JSON.stringify(entries[0])).not.toContain("Jane Doe");
  });

  it("has a path for every key at the top and in each personal-data object, and for every credential header", () => {
    for (const key of REDACTED_KEYS) {
      expect(REDACTED_PATHS).toContain(key);
      for (const object of PERSONAL_DATA_OBJECTS) expect(REDACTED_PATHS).toContain(`${object}.${key}`);
    }
    for (const object of HEADER_OBJECTS)
      for (const header of REDACTED_HEADERS) expect(REDACTED_PATHS).toContain(`${object}["${header}"]`);
  });

  it("censors an object-valued field whole (a courier location's contact)", () => {
    const { logger, entries } = capturingLogger("info");
    logger.warn({ delivery_location: { contact: { name: "Jane Doe", phone: "7185550134" }, notes: "gate 4" } }, "x");
    expect(entries[0]!.delivery_location).toEqual({ contact: REDACTION_CENSOR, notes: REDACTION_CENSOR });
  });
});

describe("levels", () => {
  it.each(LEVELS.map((level) => [level]))("LOG_LEVEL=%s writes that level and those above only", (level) => {
    const { logger, entries } = capturingLogger(level);
    for (const at of LEVELS) logger[at](`at ${at}`);
    expect(entries.map((e) => e.level)).toEqual(LEVELS.slice(LEVELS.indexOf(level)));
    expect(entries.map((e) => e.msg)).toEqual(LEVELS.slice(LEVELS.indexOf(level)).map((at) => `at ${at}`));
  });

  it("takes its level from the validated environment (the tests run with LOG_LEVEL=warn)", () => {
    expect(appLogger().level).toBe("warn");
  });
});

describe("errors", () => {
  it("shows an error's class, message and stack, never its other properties", () => {
    const error = Object.assign(new TypeError("Shopify did not answer"), { body: { phone: "+17185550134" } });
    expect(errorSummary(error)).toEqual({ type: "TypeError", message: "Shopify did not answer", stack: error.stack });
    const { logger, entries } = capturingLogger("info");
    logger.warn({ err: error }, "Could not read the order");
    expect(entries[0]!.err).toEqual({ type: "TypeError", message: "Shopify did not answer", stack: error.stack });
  });

  it("shows what was thrown when it is not an Error", () => {
    expect(errorSummary("socket hang up")).toEqual({ type: "string", message: "socket hang up" });
  });
});

describe("outputs", () => {
  it("writes JSON lines in production and readable lines elsewhere", () => {
    expect(logOutputFor("production").format).toBe("json");
    expect(logOutputFor("development")).toEqual({ format: "readable" });
    expect(logOutputFor("test")).toEqual({ format: "console" });
  });

  it("in tests, sends each level to its console method, so an error-level entry fails the test", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const logger = createLogger("debug", { format: "console" });
    logger.error("broken");
    logger.warn("odd");
    logger.info("fine");
    logger.debug("detail");
    expect(error.mock.calls.map(([text]) => String(text))).toEqual([expect.stringMatching(/ ERROR broken$/)]);
    expect(warn.mock.calls.map(([text]) => String(text))).toEqual([expect.stringMatching(/ WARN {2}odd$/)]);
    expect(log.mock.calls.map(([text]) => String(text))).toEqual([
      expect.stringMatching(/ INFO {2}fine$/),
      expect.stringMatching(/ DEBUG detail$/),
    ]);
  });

  it("tags a component's entries, message first and fields after", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    componentLogger("quote").warn("courier_timeout", { shop: "a.myshopify.com", phone: "7185550134" });
    componentLogger("quote").info("below the configured level");
    expect(warn.mock.calls.map(([text]) => String(text))).toEqual([
      expect.stringMatching(/ WARN {2}\[quote\] courier_timeout \{"shop":"a.myshopify.com","phone":"\[redacted\]"\}$/),
    ]);
  });
});
