import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { MultipartFile } from '@fastify/multipart'
import fastifyStatic from '@fastify/static'
import { messages } from '@spaceboard/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'

export const MAX_IMAGE_BYTES = 1024 * 1024
export const UPLOADS_PREFIX = '/uploads/'
const storedName = /^[A-Za-z0-9_-]{20,40}\.(png|jpg)$/

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

/** Reads an uploaded image, judging its type by its content (not its name), and its size. */
export async function readImage(file: MultipartFile): Promise<ImageCheck> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of file.file) {
    size += chunk.length
    if (size > MAX_IMAGE_BYTES) {
      file.file.resume()
      return { ok: false, reason: 'size' }
    }
    chunks.push(chunk)
  }
  if (file.file.truncated) return { ok: false, reason: 'size' }
  const buffer = Buffer.concat(chunks)
  try {
    const sharp = await loadSharp()
    const { format } = await sharp(buffer).metadata()
    if (format === 'png' || format === 'jpeg') return { ok: true, buffer, format }
  } catch {}
  return { ok: false, reason: 'type' }
}

/** Stores the image resized to exactly width × height (cover), and returns its URL. */
export async function storeResizedImage(dataDir: string, image: Buffer, width: number, height: number) {
  const dir = uploadsDir(dataDir)
  mkdirSync(dir, { recursive: true })
  const name = `${randomBytes(18).toString('base64url')}.png`
  const sharp = await loadSharp()
  await writeFile(
    path.join(dir, name),
    await sharp(image).resize(width, height, { fit: 'cover' }).png().toBuffer(),
  )
  return `${UPLOADS_PREFIX}${name}`
}

/** Serves uploads with their real content type; anything not named like an upload is a 404. */
export async function registerUploads(app: FastifyInstance, dataDir: string) {
  const dir = uploadsDir(dataDir)
  mkdirSync(dir, { recursive: true })
  await app.register(fastifyStatic, {
    root: dir,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    allowedPath: (pathName) => storedName.test(pathName.replace(/^\//, '')),
    setHeaders(res) {
      res.header('X-Content-Type-Options', 'nosniff')
      res.header('Cache-Control', 'public, max-age=86400')
    },
  })
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
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue
    files++
    if (files > 1) {
      part.file.resume()
      return { error: tooMany }
    }
    const checked = await readImage(part)
    if (!checked.ok)
      return { error: checked.reason === 'size' ? messages.photoTooLarge : messages.onlyImages }
    image = checked.buffer
  }
  return image ? { image } : { error: messages.onlyImages }
}

/** Stores the image re-encoded (dropping metadata), at most `maxWidth` wide, and returns its URL. */
export async function storeImage(dataDir: string, image: Buffer, maxWidth: number) {
  const dir = uploadsDir(dataDir)
  mkdirSync(dir, { recursive: true })
  const name = `${randomBytes(18).toString('base64url')}.png`
  const sharp = await loadSharp()
  await writeFile(
    path.join(dir, name),
    await sharp(image).rotate().resize({ width: maxWidth, withoutEnlargement: true }).png().toBuffer(),
  )
  return `${UPLOADS_PREFIX}${name}`
}
