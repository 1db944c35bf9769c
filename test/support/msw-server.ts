import { setupServer } from "msw/node";

/** The one MSW server of a test file; stand-ins add their handlers with `mswServer.use(...)`. */
export const mswServer = setupServer();
