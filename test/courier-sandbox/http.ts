import type { IncomingMessage, ServerResponse } from "node:http";
import type { FieldProblem } from "~/courier/requests";
import { API_ERROR_CODES } from "~/courier/limits";

/** HTTP plumbing of the sandbox: replies as plain data, body reading with a cap, the error bodies. */

export type Reply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; bytes: Buffer; contentType: string };

export type ApiErrorJson = { code: number; parameter: string; message: string };

export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;

export class BodyTooLarge extends Error {}

export async function readBody(req: IncomingMessage, maxBytes = MAX_REQUEST_BODY_BYTES): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  if ("bytes" in reply) {
    res.writeHead(reply.status, { "content-type": reply.contentType, "content-length": reply.bytes.length });
    res.end(reply.bytes);
    return;
  }
  const body = JSON.stringify(reply.json);
  res.writeHead(reply.status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    ...reply.headers,
  });
  res.end(body);
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  json: body,
  headers,
});

export const badRequest = (errors: ApiErrorJson[]): Reply => json(400, { errors });

export const ruleViolation = (parameter: string, message: string): Reply =>
  badRequest([{ code: API_ERROR_CODES.rule, parameter, message }]);

export const shipmentNotFound = (): Reply =>
  json(404, {
    errors: [
      { code: API_ERROR_CODES.notFound, parameter: "shipment_id", message: "Shipment not found with supplied id." },
    ],
  });

export const endpointNotFound = (): Reply => json(404, { errors: [], message: "Endpoint does not exist." });

/** Zod problems in the courier's terms: 1001 for a missing parameter, 1002 for an invalid one. */
export function apiErrorsFrom(problems: readonly FieldProblem[]): ApiErrorJson[] {
  return problems.map((p) => ({
    code: p.missing ? API_ERROR_CODES.missing : API_ERROR_CODES.invalid,
    parameter: p.path || "body",
    message: p.missing ? `${p.path} is required.` : `${p.path || "body"} ${p.message}.`,
  }));
}
