/**
 * Lets other requests run. On the embedded database (PGlite) a query runs on the HTTP thread and
 * answers without an I/O turn, so work of several queries in a row would otherwise hold the server
 * for one long block (npm run bench pglite-blocking, reports).
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))
