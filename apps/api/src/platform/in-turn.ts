/**
 * Runs database reads one after another. A transaction is one connection, and a connection takes
 * one query at a time: `Promise.all` over it only queues them in the driver (which node-postgres
 * deprecates), so this says what really happens.
 */
export async function inTurn<T extends readonly unknown[]>(
  ...work: { [K in keyof T]: () => PromiseLike<T[K]> }
): Promise<T> {
  const results: unknown[] = []
  for (const step of work) results.push(await step())
  return results as unknown as T
}
