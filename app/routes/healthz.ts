import { db } from "~/db.server";
import { checkDatabase } from "~/db/health.server";

export const loader = async () => {
  const health = await checkDatabase(db);
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
};
