import { getRuntime } from "~/runtime.server";
import { jobsIdle } from "../support/installed-shop";

/** No job due or running: what an accepted input queued has been done (a fuzz target's `settle`). */
export async function jobsSettled(): Promise<void> {
  if (!(await jobsIdle(getRuntime(), 5_000))) throw new Error("The job queue did not settle within 5 s");
}
