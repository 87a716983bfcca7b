import { PlusOutlined } from '@ant-design/icons'
import { messages } from '@spaceboard/domain'
import { Image, Upload, type UploadFile } from 'antd'
import type { RcFile } from 'antd/es/upload'
import { useState } from 'react'
import { apiUpload } from './api-client.ts'
import { useToast } from './feedback.ts'

const MAX_BYTES = 1024 * 1024
const TYPES = ['image/png', 'image/jpeg']
const EXTENSIONS = /\.(png|jpe?g)$/i

/** What the image upload routes answer: `file[0].url` or `file[0].error` (spec 1 §7, spec 3 §7). */
interface UploadAnswer {
  file?: Array<{ url?: string; error?: string }>
  message?: string
}

export interface ImageUploadProps {
  id?: string
  /** The upload route: multipart `file` + `fileType=thumb`. */
  endpoint: string
  /** The images' URLs (saved ones and those just uploaded), in order. */
  value?: string[]
  onChange?: (value: string[]) => void
  /** How many images it holds ("Maximum of image is N!!" beyond). */
  max?: number
  /** Why uploading is not allowed (the free plan's logo, say); the upload is then disabled. */
  refusal?: string | null
  /** What the images are (their alt text): Logo, Photo, Icon. */
  alt?: string
  disabled?: boolean
}

/**
 * Images uploaded one at a time: png/jpg/jpeg under 1MB, at most `max`. Each URL the route answers
 * joins the value, which the form saves; a refusal shows the server's file error or "Upload fail.".
 */
export function ImageUpload({
  id,
  endpoint,
  value = [],
  onChange,
  max = 1,
  refusal,
  alt = 'Image',
  disabled = false,
}: ImageUploadProps) {
  const toast = useToast()
  const [uploading, setUploading] = useState<UploadFile | null>(null)
  const [preview, setPreview] = useState<number | null>(null)

  const saved: UploadFile[] = value.map((url, index) => ({
    uid: url,
    name: `${alt} ${index + 1}`,
    status: 'done',
    url,
    thumbUrl: url,
  }))
  const fileList = uploading ? [...saved, uploading] : saved

  const beforeUpload = (file: RcFile, files: RcFile[]) => {
    const refuse = (text: string) => {
      toast.error(text)
      return Upload.LIST_IGNORE
    }
    if (refusal) return refuse(refusal)
    if (value.length + files.length > max || uploading) return refuse(messages.maxImages(max))
    if (!TYPES.includes(file.type) || !EXTENSIONS.test(file.name)) return refuse(messages.onlyImages)
    if (file.size > MAX_BYTES) return refuse(messages.photoTooLarge)
    return true
  }

  return (
    <>
      <Upload
        id={id}
        accept=".png,.jpg,.jpeg"
        listType="picture-card"
        maxCount={max}
        multiple={false}
        disabled={disabled || Boolean(refusal)}
        fileList={fileList}
        beforeUpload={beforeUpload}
        onPreview={(file) => setPreview(Math.max(0, value.indexOf(file.url ?? '')))}
        onRemove={(file) => {
          onChange?.(value.filter((url) => url !== file.url))
          return true
        }}
        customRequest={async ({ file }) => {
          const rcFile = file as RcFile
          setUploading({ uid: rcFile.uid, name: rcFile.name, status: 'uploading', percent: 50 })
          const form = new FormData()
          form.append('fileType', 'thumb')
          form.append('file', rcFile)
          const answer = await apiUpload<UploadAnswer>(endpoint, form)
          setUploading(null)
          const first = answer.body?.file?.[0]
          if (answer.ok && first?.url) {
            onChange?.([...value, first.url])
            toast.success(answer.body?.message ?? messages.fileAdded)
          } else if (answer.status !== 401) {
            toast.error(first?.error ?? answer.body?.message ?? messages.uploadFail)
          }
        }}
      >
        {fileList.length < max && !disabled ? (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'inherit' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>Upload</div>
          </button>
        ) : null}
      </Upload>
      {value.length > 0 ? (
        <Image.PreviewGroup
          items={value}
          preview={{
            open: preview !== null,
            current: preview ?? 0,
            onOpenChange: (open) => setPreview(open ? (preview ?? 0) : null),
            onChange: (current) => setPreview(current),
          }}
        />
      ) : null}
    </>
  )
}

/** Form.Item props for a field holding one image URL (or null) edited with ImageUpload. */
export const singleImageField = {
  getValueProps: (value: string | null | undefined) => ({ value: value ? [value] : [] }),
  normalize: (urls: string[] | undefined) => urls?.[0] ?? null,
}
