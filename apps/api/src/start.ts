// The server's entry under `npm start` (scripts/start.mjs supervises dist/start.mjs): for a new data
// folder on the embedded database, the template's copy starts on a worker thread first, then the
// server (main.mjs, a bundle of its own) loads its packages meanwhile, 0.3–0.4 s that the copy would
// otherwise follow (db/data-folder.ts). Its own imports are Node's and two small modules only: the
// server's packages would load before any line here ran.
import { dataDirOf } from './config.ts'
import { beginTemplateCopy, pgdataOf, pgliteTemplateFolder } from './db/data-folder.ts'

if (!process.env.DATABASE_URL) beginTemplateCopy(pgliteTemplateFolder, pgdataOf(dataDirOf(process.env)))
// A computed address, so that the bundler leaves the server out of this bundle.
await import(new URL('./main.mjs', import.meta.url).href)
