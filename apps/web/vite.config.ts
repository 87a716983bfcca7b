import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { SERVED_SIGN_IN_PAGE } from '@spaceboard/domain/served-page'
import react from '@vitejs/plugin-react'
import { createServer, defineConfig, type Plugin, type Rollup } from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))
const outDir = path.join(root, 'dist')

/** Formats that are compressed already (images, fonts): a .br or .gz copy would not be smaller. */
const COMPRESSED = /\.(png|jpe?g|gif|webp|avif|woff2?|br|gz|zip)$/i

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every file of the build,
 * for the API's `@fastify/static` `preCompressed` to send as the browser asks. Done once at build
 * time, at the highest levels, instead of on every request.
 */
function precompress(): Plugin {
  return {
    name: 'spaceboard-precompress',
    apply: 'build',
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || COMPRESSED.test(entry.name)) continue
        const file = path.join(entry.parentPath, entry.name)
        const content = readFileSync(file)
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        )
        writeFileSync(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }))
      }
    },
  }
}

/**
 * dist/.vite/modules.json: for each chunk, its modules (node_modules packages and our files) and
 * their rendered sizes; the bundle budget test prints them to say what grew.
 */
function moduleSizes(): Plugin {
  return {
    name: 'spaceboard-module-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        const sizes: Record<string, number> = {}
        for (const [id, info] of Object.entries(output.modules)) {
          const relative = path.relative(root, id.replace(/\?.*$/, ''))
          const inPackage = relative.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
          const key = inPackage?.[1] ?? relative
          sizes[key] = (sizes[key] ?? 0) + info.renderedLength
        }
        chunks[output.fileName] = sizes
      }
      this.emitFile({ type: 'asset', fileName: '.vite/modules.json', source: JSON.stringify(chunks) })
    },
  }
}

/** The name of antd's first-paint stylesheet (buildTimeRenders) among the build's assets. */
const ANTD_STYLES = 'antd.css'

/**
 * What the build renders once, through Vite's SSR loader, for the browser's build:
 *
 * antd's first-paint stylesheet. antd makes each component's styles in the browser the first time
 * it renders (CSS-in-JS): 70 ms of the calendar's first render here, 0.4 s of CPU on the way to the
 * bookings list's first row at 4× CPU throttling (issues 14 and 16); the sheet's parsing costs back
 * part of it (the benches gained 0.04–0.15 s end to end). This renders the components of the first
 * signed-in screens (src/platform/antd-styles.tsx) and writes their styles to a stylesheet, with
 * antd's own map of what it holds: antd reads the map and skips making those styles. Made in the
 * build's own process, so that antd's hash of the theme (which names the styles) is the one the
 * bundle computes. The theme's values are CSS variables that antd still sets in the browser: the
 * styles and their names are the same with motion and without (theme.ts).
 *
 * The sign-in page (SERVED_SIGN_IN_PAGE, which the API sends for /admin/login): index.html with the
 * sign-in form's markup in its root (src/features/auth/served-sign-in.tsx), so that the form is on
 * screen and works before the page's script has come and run (issue 14).
 */
function buildTimeRenders(): Plugin {
  let signInMarkup: string | undefined
  return {
    name: 'spaceboard-build-time-renders',
    apply: 'build',
    async buildStart() {
      const server = await createServer({
        root,
        configFile: false,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, watch: null },
      })
      try {
        const { renderAntdStyles } = (await server.ssrLoadModule('/src/platform/antd-styles.tsx')) as {
          renderAntdStyles: () => string
        }
        this.emitFile({ type: 'asset', name: ANTD_STYLES, source: renderAntdStyles() })
        const { renderServedSignIn } = (await server.ssrLoadModule(
          '/src/features/auth/served-sign-in.tsx',
        )) as { renderServedSignIn: () => string }
        signInMarkup = renderServedSignIn()
      } finally {
        await server.close()
      }
    },
    // Before precompress's: the page gets its .br and .gz copies with the other files.
    closeBundle() {
      const html = readFileSync(path.join(outDir, 'index.html'), 'utf8')
      const rootElement = '<div id="root"></div>'
      // The entry's stylesheet (the sign-in card's, 3 KB) goes into the page: a file would hold the
      // first paint until it came, behind the scripts on a slow line.
      const stylesheet = html.match(
        /<link rel="stylesheet" crossorigin href="\/(assets\/index-[\w-]+\.css)">/,
      )
      if (!signInMarkup || !html.includes(rootElement) || !stylesheet?.[1])
        throw new Error(
          'build-time-renders: no sign-in markup, or index.html has no empty root or entry stylesheet',
        )
      const css = readFileSync(path.join(outDir, stylesheet[1]), 'utf8')
      writeFileSync(
        path.join(outDir, SERVED_SIGN_IN_PAGE),
        html
          .replace(stylesheet[0], () => `<style>${css}</style>`)
          .replace(rootElement, () => `<div id="root">${signInMarkup}</div>`),
      )
    },
  }
}

/**
 * Screens whose chunks (and their stylesheets) load with the app's when the page is theirs, not
 * after the router has run: the bookings list (issue 14) and the calendar (issue 16).
 */
const SCREEN_PRELOADS: Record<string, string> = {
  '/admin/book/list': '/src/features/bookings/list.tsx',
  '/admin/book/calendar': '/src/features/calendar/calendar.tsx',
}

/**
 * The entry (main.tsx) is the sign-in page; every other page needs the app (app.tsx), which the
 * entry imports once it has run. So that the app's chunks do not wait for the entry's download,
 * a small deferred script, asked for beside the entry, preloads them at once on every page, with
 * the signed-in shell's, the page's screen's (SCREEN_PRELOADS) and antd's first-paint stylesheet
 * (buildTimeRenders; first in the head, where antd puts the styles it makes, and marked for main.tsx to
 * wait for). On the sign-in page they are only fetched, once the page is up, while the person
 * types: neither run nor applied (antd's modules ran 0.2-0.5 s of long tasks at 4× CPU throttling
 * and the sheet restyled the page, under the person's typing); main.tsx applies the sheet and
 * runs the app when they have signed in. A file, not an inline script: the CSP allows only 'self'
 * scripts.
 */
function appPreload(): Plugin {
  let script: { fileName: string; source: string } | undefined
  return {
    name: 'spaceboard-app-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle
        if (!bundle) return html
        const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk')
        const entry = chunks.find((c) => c.isEntry)
        const app = chunks.find((c) => c.facadeModuleId?.endsWith('/src/app.tsx'))
        const styles = Object.values(bundle).find((o) => o.type === 'asset' && o.names.includes(ANTD_STYLES))
        if (!entry || !app || !styles)
          throw new Error('app-preload: no entry, app.tsx chunk or antd stylesheet')
        /** Adds a chunk and the chunks it imports statically to `loaded`. */
        const walk = (fileName: string, loaded: Set<string>) => {
          if (loaded.has(fileName)) return
          loaded.add(fileName)
          const chunk = bundle[fileName]
          if (chunk?.type === 'chunk') for (const imported of chunk.imports) walk(imported, loaded)
        }
        /** What `start` loads beyond `before`: its chunks and their stylesheets, as paths. */
        const beyond = (start: string[], before: Set<string>) => {
          const loaded = new Set(before)
          for (const fileName of start) walk(fileName, loaded)
          const files = [...loaded].filter((f) => !before.has(f))
          const css = files.flatMap((f) => {
            const chunk = bundle[f]
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : []
          })
          return { loaded, js: files.map((f) => `/${f}`), css: css.map((f) => `/${f}`) }
        }
        const withEntry = beyond([entry.fileName], new Set()).loaded
        // The signed-in shell comes on every page but sign in.
        const shell = chunks.find((c) => c.facadeModuleId?.endsWith('/src/platform/app-shell.tsx'))
        const withApp = beyond([app.fileName, ...(shell ? [shell.fileName] : [])], withEntry)
        const screens: Record<string, { js: string[]; css: string[] }> = {}
        for (const [page, module] of Object.entries(SCREEN_PRELOADS)) {
          const screen = chunks.find((c) => c.facadeModuleId?.endsWith(module))
          if (!screen) throw new Error(`app-preload: ${module} is not a chunk of its own`)
          const { js, css } = beyond([screen.fileName], withApp.loaded)
          screens[page] = { js, css }
        }
        const source = `{const p=location.pathname.replace(/\\/+$/,''),h=document.head,s=${JSON.stringify(screens)}[p]??{js:[],css:[]}
const link=(rel,href,first)=>{const l=document.createElement('link');l.rel=rel;l.href=href;if(rel==='modulepreload')l.crossOrigin='';if(rel==='preload')l.as='style';if(first){l.dataset.antdStyles='';h.prepend(l)}else h.appendChild(l)}
const app=(rel)=>{link(rel,${JSON.stringify(`/${styles.fileName}`)},true);for(const f of ${JSON.stringify(withApp.js)}.concat(s.js))link('modulepreload',f)}
if(p==='/admin/login')addEventListener('load',()=>app('preload'),{once:true})
else{app('stylesheet');for(const f of s.css)link('stylesheet',f)}}
`
        const hash = createHash('sha256').update(source).digest('hex').slice(0, 8)
        script = { fileName: `assets/app-preload-${hash}.js`, source }
        return {
          html,
          tags: [
            { tag: 'script', attrs: { src: `/${script.fileName}`, defer: true }, injectTo: 'head-prepend' },
          ],
        }
      },
    },
    closeBundle() {
      if (script) writeFileSync(path.join(outDir, script.fileName), script.source)
    },
  }
}

/**
 * The way to the bookings list after signing in (issue 14): the modules the app (app.tsx), the
 * signed-in shell and the list import statically, less what the sign-in page (the entry) has
 * already. Left to the default splitting they came as ~55 small chunks, which queue on the
 * browser's 6 connections (HTTP/1.1) ahead of the API requests; grouped, they are ~10: the
 * packages (split under the chunk budget) and our code, beside the three screens' own. The set
 * follows static imports, barrels (antd, icons) included, so it holds somewhat more than the list
 * needs (other screens' antd parts): fewer requests for some more bytes.
 */
const SIGNED_IN_PATH = ['/src/app.tsx', '/src/platform/app-shell.tsx', '/src/features/bookings/list.tsx']

/**
 * Packages imported through an index that re-exports every component: the path follows only the
 * components a file names (`import { Button } from 'antd'` → antd/es/button), not the index's
 * every export, so the grouped chunks hold what the path uses rather than all of antd and its
 * icons (the other screens' parts come with those screens).
 */
const BARRELS = [
  {
    from: 'antd',
    index: '/node_modules/antd/es/index.js',
    module: (name: string) =>
      `/node_modules/antd/es/${name.replace(/(?<=[a-z0-9])([A-Z])/g, '-$1').toLowerCase()}/index.js`,
  },
  {
    from: '@ant-design/icons',
    index: '/node_modules/@ant-design/icons/es/index.js',
    module: (name: string) => `/node_modules/@ant-design/icons/es/icons/${name}.js`,
  },
]

/** The names a module's code imports from `from` (`A`, `B as C` → A, B); type-only names find no module and drop out. */
function namesImported(code: string, from: string): string[] {
  const names: string[] = []
  const quoted = from.replace(/[/.]/g, '\\$&')
  for (const match of code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g')))
    for (const part of (match[1] ?? '').split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)[0]
        ?.trim()
      if (name) names.push(name)
    }
  return names
}

function signedInPath(): { plugin: Plugin; has: (id: string) => boolean } {
  const onPath = new Set<string>()
  return {
    has: (id) => onPath.has(id),
    plugin: {
      name: 'spaceboard-signed-in-path',
      apply: 'build',
      buildEnd() {
        onPath.clear()
        const ids = [...this.getModuleIds()]
        const byEnd = (end: string) => ids.find((id) => id.endsWith(end))
        const closure = (start: string, seen: Set<string>) => {
          const stack = [start]
          while (stack.length) {
            const id = stack.pop() as string
            if (seen.has(id)) continue
            seen.add(id)
            const info = this.getModuleInfo(id)
            for (const imported of info?.importedIds ?? []) {
              const barrel = BARRELS.find((b) => imported.endsWith(b.index))
              if (!barrel) stack.push(imported)
              else if (!id.includes('/node_modules/'))
                for (const name of namesImported(info?.code ?? '', barrel.from)) {
                  const component = byEnd(barrel.module(name))
                  if (component) stack.push(component)
                }
            }
          }
        }
        const entryClosure = new Set<string>()
        for (const id of ids) if (this.getModuleInfo(id)?.isEntry) closure(id, entryClosure)
        const starts = SIGNED_IN_PATH.map((end) => ids.find((id) => id.endsWith(end)))
        if (starts.some((id) => !id))
          throw new Error('signed-in-path: a screen of the path is not in the build')
        const reached = new Set<string>()
        for (const start of starts) closure(start as string, reached)
        for (const id of reached)
          if (!entryClosure.has(id) && !starts.includes(id) && !id.startsWith('\0')) onPath.add(id)
      },
    },
  }
}

const signedIn = signedInPath()

/**
 * Two builds: the browser's (dist/) and the server's render of the first screens (src/ssr.tsx into
 * dist-ssr/ssr.js, `vite build --ssr`), which the API loads (platform/server-render.ts). The
 * server's holds its packages too, so that the API loads built files only, whatever the packages'
 * module formats.
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        root,
        plugins: [react()],
        build: { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false, target: 'node24' },
        ssr: { noExternal: true },
        // As the browser's build: antd names its styles differently in development.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      }
    : {
        root,
        plugins: [react(), signedIn.plugin, buildTimeRenders(), appPreload(), precompress(), moduleSizes()],
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          // dist/.vite/manifest.json: the chunks each screen loads, read by the bundle budget test (e2e/bundle-budget.test.ts).
          manifest: true,
          chunkSizeWarningLimit: 2000,
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'signed-in-packages',
                    test: (id) => signedIn.has(id) && id.includes('/node_modules/'),
                    // Well under the budget's 300 KB gzip a chunk (raw bytes here); they download side by side.
                    maxSize: 1_500_000,
                    includeDependenciesRecursively: false,
                  },
                  {
                    name: 'signed-in',
                    test: (id) => signedIn.has(id) && !id.includes('/node_modules/'),
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
        server: {
          proxy: {
            '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
          },
        },
      },
)
