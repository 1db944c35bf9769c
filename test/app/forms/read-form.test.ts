import { describe, expect, it } from "vitest";
import { readFormData } from "~/forms/read-form.server";

const post = (body: BodyInit, contentType?: string) =>
  new Request("https://courier-app.test/app/settings", {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });

async function refusal(request: Request): Promise<Response> {
  try {
    await readFormData(request);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("expected a refusal");
}

describe("readFormData", () => {
  it("reads urlencoded and multipart forms", async () => {
    expect(
      (await readFormData(post("intent=settings&a=%F0%9F%8D%B0", "application/x-www-form-urlencoded"))).get("a"),
    ).toBe("🍰");
    const form = new FormData();
    form.append("intent", "settings");
    expect((await readFormData(post(form))).get("intent")).toBe("settings");
  });

  it.each([
    ['{"intent":"settings"}', "application/json", 415],
    ["intent=settings", "text/plain", 415],
    ['--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsett', "multipart/form-data; boundary=x", 400],
  ])("refuses %j sent as %s with %i", async (body, type, status) => {
    const response = await refusal(post(body, type));
    expect(response.status).toBe(status);
    expect(((await response.json()) as { error: string }).error).toMatch(/form/);
  });
});
