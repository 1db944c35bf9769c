/**
 * The largest request body the app reads, one cap for every entry: the server refuses a larger one
 * with 413 before any route sees it (app/server/node-adapter.server.ts), and the courier's event posts,
 * answered before Remix or by their route, are read up to it.
 */
export const MAX_REQUEST_BODY_BYTES = 1024 * 1024;
