import sharp from 'sharp'
import type { TestApp } from './helpers.ts'

/** A real PNG of the given size. */
export function pngImage(width = 300, height = 200, color = '#F06627') {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer()
}

export type UploadFile = { name: string; body: Buffer; type: string }

/** Files as multipart `file` parts with `fileType=thumb`, as the web app's uploads send them. */
export function multipartForm(files: UploadFile[]) {
  const boundary = '----spaceboard-test'
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nthumb\r\n`),
    ...files.map((file) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
        ),
        file.body,
        Buffer.from('\r\n'),
      ]),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

/** Posts files as the web app's uploads do. */
export function uploadFiles(t: TestApp, url: string, cookie: string, files: UploadFile[]) {
  const { body, contentType } = multipartForm(files)
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'content-type': contentType },
    payload: body,
  })
}
