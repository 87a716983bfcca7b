import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, logins, type TestApp } from '../helpers.ts'

/** Issue 14: the web app's files pre-compressed by the build, JSON over 1 KB compressed on the fly, streams left alone. */
let t: TestApp
let webDir: string
const script = `console.log(${JSON.stringify('x'.repeat(2000))})`
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'spaceboard-web-'))
  mkdirSync(path.join(webDir, 'assets'))
  const html = '<!doctype html><title>Spaceboard</title>'
  writeFileSync(path.join(webDir, 'index.html'), html)
  writeFileSync(path.join(webDir, 'index.html.br'), zlib.brotliCompressSync(html))
  writeFileSync(path.join(webDir, 'index.html.gz'), zlib.gzipSync(html))
  writeFileSync(path.join(webDir, 'assets', 'app-1a2b3c.js'), script)
  writeFileSync(path.join(webDir, 'assets', 'app-1a2b3c.js.br'), zlib.brotliCompressSync(script))
  writeFileSync(path.join(webDir, 'assets', 'app-1a2b3c.js.gz'), zlib.gzipSync(script))
  t = await createTestApp({ webDir })
})
afterAll(async () => {
  await t.close()
  rmSync(webDir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

describe('the web app files', () => {
  it('come as the build compressed them, brotli before gzip, with immutable caching for hashed assets', async () => {
    const br = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script)

    const gz = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script)

    const plain = await get('/assets/app-1a2b3c.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })

  it('serves the screens index.html compressed too, never cached', async () => {
    const page = await get('/admin/book/list', { 'accept-encoding': 'br' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-encoding']).toBe('br')
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<title>Spaceboard</title>')
  })
})

describe('API answers', () => {
  it('are compressed over 1 KB as the browser accepts, and not otherwise', async () => {
    const cookie = await t.signIn(logins.super)
    const br = await get('/api/country?all=1', { cookie, 'accept-encoding': 'gzip, br' })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    // A list page's Content-Range counts items: it does not stop the compression.
    expect(br.headers['content-range']).toMatch(/^0-\d+\/\d+$/)
    const countries = JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())
    expect(JSON.stringify(countries).length).toBeGreaterThan(1024)

    const gz = await get('/api/country?all=1', { cookie, 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(countries)

    const plain = await get('/api/country?all=1', { cookie })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.json()).toEqual(countries)

    // Under 1 KB: as it is.
    const small = await get('/api/profile', { cookie, 'accept-encoding': 'br' })
    expect(small.statusCode).toBe(200)
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it('compress a page of the bookings list, keeping its Content-Range', async () => {
    const cookie = await t.signIn(logins.harbourAdmin)
    const page = await get('/api/userbooking?booking=1', { cookie, range: '0-19', 'accept-encoding': 'br' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-range']).toMatch(/^0-\d+\/\d+$/)
    expect(page.headers['content-encoding']).toBe('br')
    const rows = JSON.parse(zlib.brotliDecompressSync(page.rawPayload).toString())
    expect(rows.length).toBeGreaterThan(0)
  })

  it('leave an Excel export streaming as it is (already compressed)', async () => {
    const cookie = await t.signIn(logins.super)
    const sheet = await get('/api/user?report=1', { cookie, 'accept-encoding': 'gzip, br' })
    expect(sheet.statusCode).toBe(200)
    expect(sheet.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(sheet.headers['content-encoding']).toBeUndefined()
    expect(sheet.rawPayload.subarray(0, 2).toString()).toBe('PK')
  })
})
