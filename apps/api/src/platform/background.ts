/**
 * Work a request starts but does not wait for, so that its answer does not depend on what the work
 * finds (forgot-password: the same answer, in the same time, whether or not the account exists).
 * Each piece is tracked until it settles: closing the app waits for it, and tests await `idle()`.
 */
export class BackgroundWork {
  readonly #pending = new Set<Promise<unknown>>()

  constructor(private readonly onError: (error: unknown) => void) {}

  run(work: () => Promise<unknown>): void {
    const running: Promise<unknown> = Promise.resolve()
      .then(work)
      .catch(this.onError)
      .finally(() => this.#pending.delete(running))
    this.#pending.add(running)
  }

  /** Resolves once every piece started so far has settled. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.allSettled([...this.#pending])
  }
}
