import { PlusOutlined } from '@ant-design/icons'
import { messages } from '@spaceboard/domain'
import { Image, Upload, type UploadFile } from 'antd'
import type { RcFile } from 'antd/es/upload'
import { useState } from 'react'
import { apiUpload } from '../../platform/api-client.ts'
import { useToast } from '../../platform/feedback.ts'
import { ORGANIZATION_ENDPOINT } from './api.ts'

const MAX_BYTES = 1024 * 1024
const TYPES = ['image/png', 'image/jpeg']
const EXTENSIONS = /\.(png|jpe?g)$/i

/** What the logo route answers: `file[0].url` or `file[0].error` (spec 1 §7). */
interface LogoAnswer {
  file?: Array<{ url?: string; error?: string }>
  message?: string
}

interface LogoUploadProps {
  id?: string
  /** The saved logo's URL (or the one just uploaded), null for none. */
  value?: string | null
  onChange?: (value: string | null) => void
  /** Why uploading is not allowed (the free plan for non-super users); the upload is then disabled. */
  refusal?: string | null
}

/**
 * The organization's logo: one png/jpg/jpeg under 1MB, stored 100×100 by the API. The URL it
 * answers is saved with the form's `logo` field.
 */
export function LogoUpload({ id, value, onChange, refusal }: LogoUploadProps) {
  const toast = useToast()
  const [uploading, setUploading] = useState<UploadFile | null>(null)
  const [preview, setPreview] = useState(false)

  const fileList: UploadFile[] = uploading
    ? [uploading]
    : value
      ? [{ uid: 'logo', name: 'Logo', status: 'done', url: value, thumbUrl: value }]
      : []

  const beforeUpload = (file: RcFile, files: RcFile[]) => {
    const refuse = (text: string) => {
      toast.error(text)
      return Upload.LIST_IGNORE
    }
    if (refusal) return refuse(refusal)
    if (files.length > 1 || value) return refuse(messages.maxOneImage)
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
        maxCount={1}
        multiple={false}
        disabled={Boolean(refusal)}
        fileList={fileList}
        beforeUpload={beforeUpload}
        onPreview={() => setPreview(true)}
        onRemove={() => {
          onChange?.(null)
          return true
        }}
        customRequest={async ({ file }) => {
          const rcFile = file as RcFile
          setUploading({ uid: rcFile.uid, name: rcFile.name, status: 'uploading', percent: 50 })
          const form = new FormData()
          form.append('fileType', 'thumb')
          form.append('file', rcFile)
          const answer = await apiUpload<LogoAnswer>(`${ORGANIZATION_ENDPOINT}/logo`, form)
          setUploading(null)
          const first = answer.body?.file?.[0]
          if (answer.ok && first?.url) {
            onChange?.(first.url)
            toast.success(answer.body?.message ?? messages.fileAdded)
          } else if (answer.status !== 401) {
            toast.error(first?.error ?? answer.body?.message ?? messages.internalError)
          }
        }}
      >
        {fileList.length === 0 ? (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'inherit' }}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>Upload</div>
          </button>
        ) : null}
      </Upload>
      {value ? (
        <Image
          src={value}
          alt="Logo"
          style={{ display: 'none' }}
          preview={{ open: preview, onOpenChange: (open) => setPreview(open) }}
        />
      ) : null}
    </>
  )
}
