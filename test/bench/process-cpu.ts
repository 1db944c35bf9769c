/**
 * A process's CPU time (user + system), read from outside in /proc/<pid>/stat (Linux): what an app
 * instance spent on a scenario, whatever else runs on the machine.
 */
import { readFileSync } from "node:fs";

/** Clock ticks per second of /proc's counters (USER_HZ: 100 on every Linux build the bench runs on). */
const TICKS_PER_SECOND = 100;

/** User + system CPU in ms from the text of /proc/<pid>/stat (fields 14 and 15, after the command's ")"). */
export function cpuMsOfStat(stat: string): number | null {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // fields[0] is the state (field 3): utime and stime are fields 14 and 15.
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  if (!Number.isFinite(user) || !Number.isFinite(system)) return null;
  return ((user + system) * 1000) / TICKS_PER_SECOND;
}

/** The CPU ms the process has used so far, or null when it has exited (or this is not Linux). */
export function processCpuMs(pid: number): number | null {
  try {
    return cpuMsOfStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return null;
  }
}
