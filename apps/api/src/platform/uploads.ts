import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { constants, inflateSync } from 'node:zlib'
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import { MAX_EMAIL_ATTACHMENT_BYTES, messages } from '@spaceboard/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify'
import type { Sharp } from 'sharp'
import { HttpError, notFound } from './errors.ts'
import { appendRouteHook, takesBody } from './route-hooks.ts'
import { attachmentReadableBy } from './uploads.repository.ts'

/** The spec's "Photos size cannot exceed 1MB", for every uploaded image. */
export const MAX_IMAGE_BYTES = 1024 * 1024
/**
 * Pixels an uploaded image may have: 25 megapixels, a 5000×5000 photo. Bytes alone do not bound the
 * work: a 31 KB PNG can declare 16000×16000 pixels and cost seconds of CPU and a gigabyte of memory
 * to decode. The header is read first and such an image refused with the size message before any
 * decoding; every decoding call also carries the limit.
 */
export const MAX_IMAGE_PIXELS = 5000 * 5000
/**
 * A refused request body (an upload over the limit, a second file, a refusal before reading) is
 * read to its end when it is at most this long, so the keep-alive connection can carry the next
 * request. A longer one, or one of unknown length, is not read: the answer says `Connection: close`.
 */
const MAX_DRAINED_BODY_BYTES = 4 * MAX_IMAGE_BYTES
export const UPLOADS_PREFIX = '/uploads/'
const storedName = /^[A-Za-z0-9_-]{20,40}\.(png|jpg|pdf)$/
const storedImageName = /^[A-Za-z0-9_-]{20,40}\.(png|jpg)$/

/** libvips is loaded with the first upload, not at start. */
const loadSharp = async () => (await import('sharp')).default

/** Where uploaded files live; names are random, so no client-chosen name ever reaches the disk. */
export function uploadsDir(dataDir: string) {
  return path.join(dataDir, 'uploads')
}

/** Whether a URL is one this server issued for an uploaded file. */
export function isUploadUrl(url: string): boolean {
  return url.startsWith(UPLOADS_PREFIX) && storedName.test(url.slice(UPLOADS_PREFIX.length))
}

/** The bytes of a file this server stored, or null when the URL is not one of ours or the file is gone. */
export async function readUpload(dataDir: string, url: string): Promise<Buffer | null> {
  if (!isUploadUrl(url)) return null
  return readFile(path.join(uploadsDir(dataDir), url.slice(UPLOADS_PREFIX.length))).catch(() => null)
}

export type ImageCheck =
  | { ok: true; buffer: Buffer; format: 'png' | 'jpeg' }
  | { ok: false; reason: 'type' | 'size' }

/**
 * Reads an uploaded image, judging its type by its content (not its name), and its size in bytes
 * and in pixels. Reading stops at the first byte over the limit; what is left of the request body
 * is dealt with once the answer is sent (registerMultipart).
 */
export async function readImage(file: MultipartFile): Promise<ImageCheck> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of file.file) {
    size += chunk.length
    if (size > MAX_IMAGE_BYTES) return { ok: false, reason: 'size' }
    chunks.push(chunk)
  }
  if (file.file.truncated) return { ok: false, reason: 'size' }
  const buffer = Buffer.concat(chunks)
  const sharp = await loadSharp()
  let header: { format?: string; width?: number; height?: number }
  try {
    // metadata() reads only the header, so no pixel limit is needed here; without one, sharp's
    // default limit would call a huge image "not an image" instead of "too large".
    header = await sharp(buffer, { limitInputPixels: false }).metadata()
  } catch {
    return { ok: false, reason: 'type' }
  }
  if (header.format !== 'png' && header.format !== 'jpeg') return { ok: false, reason: 'type' }
  if ((header.width ?? 0) * (header.height ?? 0) > MAX_IMAGE_PIXELS) return { ok: false, reason: 'size' }
  return { ok: true, buffer, format: header.format }
}

/**
 * Decodes an image that passed readImage and re-encodes it. A file whose header is fine but whose
 * pixel data is broken fails only here: that is the client's file, answered like any other upload
 * refusal, not a server error.
 */
async function reencode(image: Buffer, work: (input: Sharp) => Sharp) {
  const sharp = await loadSharp()
  try {
    return await work(sharp(image, { limitInputPixels: MAX_IMAGE_PIXELS }))
      .png()
      .toBuffer()
  } catch {
    throw new HttpError(400, messages.onlyImages, undefined, { file: [{ error: messages.onlyImages }] })
  }
}

/** Stores the image resized to exactly width × height (cover), and returns its URL. */
export async function storeResizedImage(dataDir: string, image: Buffer, width: number, height: number) {
  const dir = uploadsDir(dataDir)
  mkdirSync(dir, { recursive: true })
  const name = `${randomBytes(18).toString('base64url')}.png`
  const resized = await reencode(image, (input) => input.resize(width, height, { fit: 'cover' }))
  await writeFile(path.join(dir, name), resized)
  return `${UPLOADS_PREFIX}${name}`
}

/**
 * Multipart parsing, and what happens to a request body that was not read to its end when the
 * answer goes out. A route refuses an upload as soon as it knows (the first byte over 1 MB, a second
 * file, the wrong plan), and the multipart parser then stops reading: the rest of the body stayed
 * on the socket and the next request of that keep-alive connection was never answered. Now a short
 * rest is read and thrown away (the connection stays usable); a long one or one of unknown length
 * is not read at all, and the answer closes the connection instead.
 */
export async function registerMultipart(app: FastifyInstance) {
  // Two files are let through so that a second one can be refused with the spec's message.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMAGE_BYTES + 1, files: 2, fields: 10 } })
  // A callback hook, on the routes that take a body only: an async one costs every answer a
  // promise and a microtask turn, and a GET has no body to settle.
  const onSend: onSendHookHandler = (request, reply, payload, done) => {
    settleUnreadBody(request, reply)
    done(null, payload)
  }
  app.addHook('onRoute', (route) => {
    if (takesBody(route)) appendRouteHook(route, 'onSend', onSend)
  })
}

function settleUnreadBody(request: FastifyRequest, reply: FastifyReply) {
  const body = request.raw
  if (body.complete) return
  // The multipart parser is done with this request whatever it still holds.
  body.unpipe()
  const length = Number(body.headers['content-length'])
  if (!(Number.isSafeInteger(length) && length <= MAX_DRAINED_BODY_BYTES)) reply.header('connection', 'close')
  // Read and discard: all of a short body; of a long one, what arrives until Node closes the
  // socket after the answer (reading meanwhile keeps the client's sending from stalling).
  body.resume()
}

/**
 * Serves uploads with their real content type; anything not named like an upload is a 404.
 * Images (re-encoded on upload, so only pixels) are public: mail clients load a template's images
 * and the logo from these addresses. An e-mail attachment (PDF) is served only to the signed-in
 * users of its organization, and a 404 to everyone else, signed in or not (issue 42 item 19); its
 * mail recipients get it as a real attachment of the mail, read from disk by the sender.
 */
export async function registerUploads(app: FastifyInstance, dataDir: string) {
  const dir = uploadsDir(dataDir)
  mkdirSync(dir, { recursive: true })
  await app.register(fastifyStatic, {
    root: dir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => storedImageName.test(pathName.replace(/^\//, '')),
    setHeaders(res) {
      res.header('X-Content-Type-Options', 'nosniff')
      res.header('Cache-Control', 'public, max-age=86400')
    },
  })
  // Hidden from the OpenAPI document like the other files; 'public' so the session is read, and
  // answered 404 without one (an anonymous caller learns nothing, not even that it exists).
  app.get(
    `${UPLOADS_PREFIX}:name(^[A-Za-z0-9_-]{20,40}\\.pdf$)`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const actor = request.actor
      const url = `${UPLOADS_PREFIX}${(request.params as { name: string }).name}`
      const readable =
        actor !== null &&
        (await request.signedIn((ctx) =>
          attachmentReadableBy(ctx.tx, url, actor.organizationId, actor.userId),
        ))
      const content = readable ? await readUpload(dataDir, url) : null
      if (!content) throw notFound()
      return (
        reply
          .header('X-Content-Type-Options', 'nosniff')
          // Downloaded, never shown by the browser's viewer inside this origin.
          .header('Content-Disposition', 'attachment')
          .header('Cache-Control', 'private, no-store')
          .type('application/pdf')
          .send(content)
      )
    },
  )
}

/**
 * The one image of a multipart upload (`file`, with `fileType=thumb`), checked by content and size;
 * a second file is refused with the given message.
 */
export async function receiveSingleImage(
  request: FastifyRequest,
  tooMany: string = messages.maxOneImage,
): Promise<{ image: Buffer } | { error: string }> {
  if (!request.isMultipart()) return { error: messages.onlyImages }
  let image: Buffer | undefined
  let files = 0
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue
      files++
      if (files > 1) return { error: tooMany }
      const checked = await readImage(part)
      if (!checked.ok)
        return { error: checked.reason === 'size' ? messages.photoTooLarge : messages.onlyImages }
      image = checked.buffer
    }
  } catch (error) {
    // The multipart parser's refusals (no boundary, a body that is not multipart, a form cut
    // short, too many parts) are the request's fault, not the server's.
    if (error instanceof HttpError) throw error
    return { error: messages.uploadUnreadable }
  }
  return image ? { image } : { error: messages.onlyImages }
}

/** Stores the image re-encoded (dropping metadata), at most `maxWidth` wide, and returns its URL. */
export async function storeImage(dataDir: string, image: Buffer, maxWidth: number) {
  const dir = uploadsDir(dataDir)
  mkdirSync(dir, { recursive: true })
  const name = `${randomBytes(18).toString('base64url')}.png`
  const resized = await reencode(image, (input) =>
    input.rotate().resize({ width: maxWidth, withoutEnlargement: true }),
  )
  await writeFile(path.join(dir, name), resized)
  return `${UPLOADS_PREFIX}${name}`
}

/** A PDF starts with `%PDF-` whatever its name says (ISO 32000, 7.5.2). */
const PDF_MAGIC = Buffer.from('%PDF-')

/**
 * Names that make a PDF act rather than show (ISO 32000 12.6, 7.11.4): scripts, actions run on
 * opening or on events, launching programs, and embedded files. An attachment with any of them is
 * refused. So are the ones whose objects cannot be read here: encrypted, or behind a filter other
 * than Flate (the one nearly every writer uses) or an image filter.
 */
const ACTIVE_PDF_NAMES = new Set([
  'JavaScript',
  'JS',
  'OpenAction',
  'AA',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'Encrypt',
  'ASCIIHexDecode',
  'AHx',
  'ASCII85Decode',
  'A85',
  'LZWDecode',
  'LZW',
  'RunLengthDecode',
  'RL',
])
/** A name: a solidus and regular characters (7.3.5), #xx standing for any byte. */
const PDF_NAME = /\/([^\0\t\n\f\r ()<>[\]{}/%]+)/g
const PDF_STREAM = /stream\r?\n/g
/** Bytes inflated from one attachment's streams at most: past it, the file is refused. */
const MAX_INFLATED_PDF_BYTES = 64 * 1024 * 1024

function namesActive(text: string) {
  for (const match of text.matchAll(PDF_NAME)) {
    const name = (match[1] ?? '').replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    )
    if (ACTIVE_PDF_NAMES.has(name)) return true
  }
  return false
}

/**
 * Whether a PDF holds a name of ACTIVE_PDF_NAMES, in its own bytes or inside a Flate-compressed
 * stream (object streams hide whole dictionaries there, PDF 1.5).
 */
export function pdfHasActiveContent(pdf: Buffer) {
  const text = pdf.toString('latin1')
  if (namesActive(text)) return true
  let inflated = 0
  for (const match of text.matchAll(PDF_STREAM)) {
    const start = match.index + match[0].length
    const end = text.indexOf('endstream', start)
    if (end < 0) break
    let content: Buffer
    try {
      content = inflateSync(pdf.subarray(start, end), {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength: MAX_INFLATED_PDF_BYTES - inflated + 1,
      })
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return true
      // Not Flate: an image's own encoding.
      continue
    }
    inflated += content.length
    if (inflated > MAX_INFLATED_PDF_BYTES || namesActive(content.toString('latin1'))) return true
  }
  return false
}

/**
 * The one PDF of a multipart upload (`file`, with `fileType=image-pdf`): judged by its content, at
 * most 2 MB, and a second file refused with the spec's "Maximum of PDF is 1!!". Reading stops at the
 * first byte over the limit.
 */
export async function receiveSinglePdf(
  request: FastifyRequest,
): Promise<{ pdf: Buffer } | { error: string }> {
  if (!request.isMultipart()) return { error: messages.onlyPdf }
  let pdf: Buffer | undefined
  let files = 0
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_EMAIL_ATTACHMENT_BYTES + 1, files: 2 },
    })) {
      if (part.type !== 'file') continue
      files++
      if (files > 1) return { error: messages.maxOnePdf }
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of part.file) {
        size += chunk.length
        if (size > MAX_EMAIL_ATTACHMENT_BYTES) return { error: messages.pdfTooLarge }
        chunks.push(chunk)
      }
      if (part.file.truncated) return { error: messages.pdfTooLarge }
      const buffer = Buffer.concat(chunks)
      if (!buffer.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC) || pdfHasActiveContent(buffer))
        return { error: messages.onlyPdf }
      pdf = buffer
    }
  } catch (error) {
    if (error instanceof HttpError) throw error
    return { error: messages.pdfUnreadable }
  }
  return pdf ? { pdf } : { error: messages.onlyPdf }
}

/** Stores an uploaded PDF as it is, under a random name, and returns its URL. */
export async function storePdf(dataDir: string, pdf: Buffer) {
  const dir = uploadsDir(dataDir)
  mkdirSync(dir, { recursive: true })
  const name = `${randomBytes(18).toString('base64url')}.pdf`
  await writeFile(path.join(dir, name), pdf)
  return `${UPLOADS_PREFIX}${name}`
}

/** Whether a URL is a PDF this server stored and still has. */
export async function isStoredPdf(dataDir: string, url: string): Promise<boolean> {
  if (!isUploadUrl(url) || !url.endsWith('.pdf')) return false
  return stat(path.join(uploadsDir(dataDir), url.slice(UPLOADS_PREFIX.length))).then(
    (s) => s.isFile(),
    () => false,
  )
}
