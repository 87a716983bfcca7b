import { defineConfig } from 'vitest/config'

const ownProcess = 'apps/api/test/platform/heavy-work.test.ts'
/**
 * The node flags of every worker that runs PGlite (package.json's `start` passes the same to the
 * server). Node 24's V8 (13.6) can free a Wasm import wrapper twice when its Wasm code GC runs while
 * another thread tiers the wrapper up (fixed in V8 by 9b8ca54d5a, after 13.6): a worker that had
 * opened many PGlite databases then died on "Check failed: jit_page_->allocations_.erase(addr) == 1"
 * (SIGTRAP), about once in four full runs here. Without Wasm code GC, replaced Wasm code stays
 * allocated (a few MB) and is never freed twice.
 */
const wasmWorkerFlags = ['--no-wasm-code-gc']
/** What both API projects share: the seeded template database, the time limits and the node flags. */
const apiSuite = {
  globalSetup: ['apps/api/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  execArgv: wasmWorkerFlags,
}

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/test/**/*.test.ts'] } },
      // The docs' links and the npm scripts they name (scripts/test/docs.test.ts).
      { test: { name: 'docs', include: ['scripts/test/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
          exclude: [ownProcess],
          ...apiSuite,
          // A worker keeps the modules it loaded from one file to the next: each file still builds
          // its own app on its own database, and the app keeps no state of its own in its modules,
          // but importing the API's sources again for every file cost ~3.5 s a file, over a third
          // of the suite.
          isolate: false,
          // vitest's default is one worker less than the cores, one here: two took 208 s instead of 310 s.
          maxWorkers: 2,
        },
      },
      {
        // Files that drive a worker thread out of memory: a V8 fatal error there once ended the whole
        // test process (SIGTRAP) after it had run many other files; each of these runs in a fresh one.
        test: {
          name: 'api-own-process',
          include: [ownProcess],
          ...apiSuite,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          execArgv: wasmWorkerFlags,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time: Chromium's renderer keeps a core busy, and two files at once (tried)
          // took longer in all than one after the other.
          fileParallelism: false,
          isolate: false,
          // A screen can take over a second to settle on this two-core machine (Chromium, the app
          // and its embedded database share it): polls wait up to 5 s, not expect.poll's 1 s.
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
})
