import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../helpers.ts'

/** The built SPA's fallback: files as they are, other paths index.html, bad paths a 400 or 404 (never a 500). */
let t: TestApp
let webDir: string
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'spaceboard-web-'))
  mkdirSync(path.join(webDir, 'assets'))
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Spaceboard</title>')
  writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)')
  t = await createTestApp({ webDir })
})
afterAll(async () => {
  await t.close()
  rmSync(webDir, { recursive: true, force: true })
})

const get = (url: string) => t.app.inject({ method: 'GET', url })

describe('the web fallback', () => {
  it('serves files and, for the screens, index.html', async () => {
    const asset = await get('/assets/app.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.body).toBe('console.log(1)')
    for (const url of ['/', '/admin/client/list', '/admin/book/invoice/12?x=1', '/%F0%9F%98%80']) {
      const page = await get(url)
      expect(page.statusCode, url).toBe(200)
      expect(page.body, url).toContain('<title>Spaceboard</title>')
    }
  })

  it('answers 400 for a path that cannot be decoded or holds a NUL character', async () => {
    for (const url of ['/%E0%A4%A', '/%', '/admin/%ZZ', '/%00', '/assets/app.js%00.html', '/a%00b/c']) {
      const response = await get(url)
      expect(response.statusCode, url).toBe(400)
      expect(response.json(), url).toEqual({ message: 'The address is not valid.' })
    }
  })

  it('answers 404 for a path longer than any file or screen', async () => {
    for (const url of [`/${'a'.repeat(10_000)}`, `/assets/${'é'.repeat(2_000)}`]) {
      const response = await get(url)
      expect(response.statusCode).toBe(404)
      expect(response.json()).toEqual({ message: 'Not found.' })
    }
  })

  it('does not look outside the web directory, nor through a file', async () => {
    for (const url of [
      '/../../../etc/passwd',
      '/%2E%2E/%2E%2E/etc/passwd',
      `/..%2F${path.basename(webDir)}-other/x`,
      '/index.html/x',
      `/${'b'.repeat(300)}`,
    ]) {
      const response = await get(url)
      expect(response.statusCode, url).toBeLessThan(500)
      expect(response.body, url).not.toContain('root:')
    }
  })
})
