import http from 'node:http'
import type { Socket } from 'node:net'
import { crc32, deflateSync } from 'node:zlib'
import { messages } from '@spaceboard/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from '../../src/platform/uploads.ts'
import { DEMO_PASSWORD, logins } from '../helpers.ts'
import { startTestServer } from '../server.ts'
import { multipartForm, pngImage, type UploadFile } from '../upload.ts'

// Uploads over a real socket: app.inject has no connection, so it cannot show a request body left
// half-read on a keep-alive connection.

let server: Awaited<ReturnType<typeof startTestServer>>
let superCookie: string
let summitAdmin: string

beforeAll(async () => {
  server = await startTestServer()
  const agent = keepAliveAgent()
  superCookie = await signIn(agent, logins.super)
  summitAdmin = await signIn(agent, logins.summitAdmin)
  agent.destroy()
})
afterAll(() => server?.close())

/** One connection at most: a second request reuses the first one's socket unless the server closed it. */
const keepAliveAgent = () => new http.Agent({ keepAlive: true, maxSockets: 1 })

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
  socket: Socket
}

/** One request; fails after `timeoutMs` without a complete answer (what the old code did after a refused upload). */
function send(
  agent: http.Agent,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
  timeoutMs = 5000,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${method} ${path}: no answer in ${timeoutMs} ms`)),
      timeoutMs,
    )
    const request = http.request(`${server.url}${path}`, { method, headers, agent }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        clearTimeout(timer)
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
          socket: request.socket as Socket,
        })
      })
    })
    // A server that answers before the whole body is sent and closes the connection makes the rest of
    // the client's write fail: that is expected, and harmless once the answer is in.
    request.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    request.end(body)
  })
}

async function signIn(agent: http.Agent, email: string) {
  const answer = await send(
    agent,
    'POST',
    '/api/login',
    { 'content-type': 'application/json' },
    Buffer.from(JSON.stringify({ backend: 1, email, password: DEMO_PASSWORD })),
  )
  const cookie = [answer.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('sb_session='))
  if (!cookie) throw new Error(`sign-in of ${email} failed: ${answer.body}`)
  return cookie.split(';')[0] as string
}

function upload(agent: http.Agent, url: string, cookie: string, files: UploadFile[]) {
  const { body, contentType } = multipartForm(files)
  return send(agent, 'POST', url, { cookie, 'content-type': contentType }, body, 10_000)
}

/** Bytes that are not an image. */
const noise = (length: number) => Buffer.alloc(length, 'x')

/**
 * Sends a refused upload and then a plain request on the same agent: the second must be answered,
 * on the same connection (`reused`) or, after `Connection: close`, on a new one.
 */
async function refusedThenNext(url: string, cookie: string, files: UploadFile[], error: string) {
  const agent = keepAliveAgent()
  try {
    const refused = await upload(agent, url, cookie, files)
    expect(refused.status).toBe(400)
    expect(JSON.parse(refused.body)).toEqual({ file: [{ error }] })
    const next = await send(agent, 'GET', '/api/profile', { cookie })
    expect(next.status).toBe(200)
    return { closed: refused.headers.connection === 'close', reused: next.socket === refused.socket }
  } finally {
    agent.destroy()
  }
}

describe('a refused upload leaves the connection able to carry the next request', () => {
  it('a file just over 1 MB: the rest is read, the connection kept', async () => {
    const body = noise(MAX_IMAGE_BYTES + 300_000)
    const result = await refusedThenNext(
      '/api/amenity/icon',
      superCookie,
      [{ name: 'big.png', body, type: 'image/png' }],
      messages.photoTooLarge,
    )
    expect(result).toEqual({ closed: false, reused: true })
  })

  it('a body far over the limit (5 MB): not read, the connection closed', async () => {
    const body = noise(5 * 1024 * 1024)
    const result = await refusedThenNext(
      '/api/amenity/icon',
      superCookie,
      [{ name: 'huge.png', body, type: 'image/png' }],
      messages.photoTooLarge,
    )
    expect(result).toEqual({ closed: true, reused: false })
  })

  it('more than one file', async () => {
    const png = await pngImage(40, 40)
    const files = ['a', 'b', 'c'].map((n) => ({ name: `${n}.png`, body: png, type: 'image/png' }))
    await refusedThenNext('/api/meetingroom/photo', superCookie, files, messages.maxOneImage)
  })

  it('a second file after a first one over 1 MB', async () => {
    const files = [
      { name: 'a.png', body: noise(MAX_IMAGE_BYTES + 10), type: 'image/png' },
      { name: 'b.png', body: noise(MAX_IMAGE_BYTES + 10), type: 'image/png' },
    ]
    await refusedThenNext('/api/meetingroom/photo', superCookie, files, messages.photoTooLarge)
  })

  it('a non-image', async () => {
    const files = [{ name: 'x.png', body: noise(300_000), type: 'image/png' }]
    const result = await refusedThenNext('/api/amenity/icon', superCookie, files, messages.onlyImages)
    expect(result).toEqual({ closed: false, reused: true })
  })

  it('a refusal that never read the file (a free-plan logo)', async () => {
    const files = [{ name: 'logo.png', body: noise(MAX_IMAGE_BYTES + 300_000), type: 'image/png' }]
    await refusedThenNext('/api/organization/logo', summitAdmin, files, messages.logoNotOnFreePlan)
  })
})

/**
 * A PNG declaring width × height black pixels, written by hand: 1-bit grey rows of zeros deflate to
 * almost nothing, so a 16000×16000 image is about 31 KB (sharp takes seconds to make one).
 */
function pngOfSize(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(typed))
    return Buffer.concat([length, typed, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 1 // bit depth
  header[9] = 0 // grey
  // Each row: filter type 0, then width bits of zeros.
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const uploadRoutes = ['/api/organization/logo', '/api/meetingroom/photo', '/api/amenity/icon']

describe('images with too many pixels', () => {
  // 16000×16000 passed sharp's own limit and cost seconds of CPU; 20000×20000 failed it and was
  // refused as "not an image".
  const bombs = [pngOfSize(16_000, 16_000), pngOfSize(20_000, 20_000)]

  it.each(uploadRoutes)('%s refuses them quickly with the size message', async (url) => {
    const agent = keepAliveAgent()
    for (const bomb of bombs) {
      expect(bomb.length).toBeLessThan(64 * 1024)
      const started = performance.now()
      const answer = await upload(agent, url, superCookie, [
        { name: 'bomb.png', body: bomb, type: 'image/png' },
      ])
      const took = performance.now() - started
      expect(answer.status).toBe(400)
      expect(JSON.parse(answer.body)).toEqual({ file: [{ error: messages.photoTooLarge }] })
      // Measured here: 20–40 ms; decoding the 16000×16000 one took 3.2 s.
      expect(took).toBeLessThan(1500)
    }
    agent.destroy()
  })

  it('takes an image of exactly the pixel limit', async () => {
    const side = Math.sqrt(MAX_IMAGE_PIXELS)
    const agent = keepAliveAgent()
    const answer = await upload(agent, '/api/meetingroom/photo', superCookie, [
      { name: 'wide.png', body: pngOfSize(side, side), type: 'image/png' },
    ])
    agent.destroy()
    expect(answer.status).toBe(200)
  })

  it('a PNG whose header is fine but whose pixels are broken is "not an image", not a server error', async () => {
    const png = pngOfSize(100, 100)
    // Overwrite the compressed pixel data (after the 8-byte signature, 25-byte IHDR, IDAT length and type).
    const broken = Buffer.from(png)
    broken.fill(0xab, 8 + 25 + 8, broken.length - 16)
    const agent = keepAliveAgent()
    for (const url of uploadRoutes) {
      const answer = await upload(agent, url, superCookie, [
        { name: 'broken.png', body: broken, type: 'image/png' },
      ])
      expect(answer.status, url).toBe(400)
      expect(JSON.parse(answer.body).file, url).toEqual([{ error: messages.onlyImages }])
    }
    agent.destroy()
  })
})

describe('a request the multipart parser cannot read', () => {
  it('is a 400 saying so on every upload route (one it reads no file from says there is no image)', async () => {
    const { body, contentType: form } = multipartForm([
      { name: 'logo.png', body: pngOfSize(10, 10), type: 'image/png' },
    ])
    const cases: [string, Buffer, string][] = [
      ['multipart/form-data', Buffer.from('{}'), messages.uploadUnreadable],
      ['multipart/form-data', body, messages.uploadUnreadable],
      ['multipart/form-data; boundary=xyz', Buffer.from('{}'), messages.uploadUnreadable],
      // A form cut short in the middle of its file.
      [form, body.subarray(0, body.length - 40), messages.uploadUnreadable],
      ['multipart/form-data; boundary=', body, messages.onlyImages],
    ]
    const agent = keepAliveAgent()
    for (const url of uploadRoutes) {
      for (const [contentType, payload, error] of cases) {
        const answer = await send(
          agent,
          'POST',
          url,
          { cookie: superCookie, 'content-type': contentType },
          payload,
        )
        expect(answer.status, `${url} ${contentType}`).toBe(400)
        expect(JSON.parse(answer.body).file, `${url} ${contentType}`).toEqual([{ error }])
      }
    }
    agent.destroy()
  })
})
