import { BodyTooLargeError } from "~/http/capped-body.server";

/**
 * A page action's form fields. Fetch's `formData()` throws a TypeError for a body that is not a form
 * (another content type, a multipart body cut short), which reached Remix as a 500: here it is a 415
 * or a 400 in words. A body over the server's limit still fails as such (the server answers 413).
 */

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (error) {
    if (!(error instanceof TypeError) || (error as { cause?: unknown }).cause instanceof BodyTooLargeError) throw error;
    const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const isForm = FORM_TYPES.includes(type);
    throw Response.json(
      { error: isForm ? "The form could not be read. Reload the page and try again." : "Send the form as a form." },
      { status: isForm ? 400 : 415 },
    );
  }
}
