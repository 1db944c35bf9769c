/** Host names that mean this machine, as a URL's `hostname` spells them (IPv6 with and without brackets). */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);
