import { FilePdfOutlined, UploadOutlined } from '@ant-design/icons'
import { MAX_EMAIL_ATTACHMENT_BYTES, MAX_EMAIL_ATTACHMENTS, messages } from '@spaceboard/domain'
import { Button, Upload, type UploadFile } from 'antd'
import type { RcFile } from 'antd/es/upload'
import { useState } from 'react'
import { apiUpload } from '../../platform/api-client.ts'
import { useToast } from '../../platform/feedback.ts'
import { ATTACHMENT_ENDPOINT } from './api.ts'

interface UploadAnswer {
  file?: Array<{ url?: string; error?: string }>
  message?: string
}

/**
 * The template's PDF (spec 3 §5): one file under 2MB, "Only PDF allowed", "PDF size cannot exceed
 * 2MB", "Maximum of PDF is 1!!". The server judges the file by its content; these checks only spare
 * a pointless upload. The value is the list of uploaded addresses the template saves.
 */
export function AttachmentUpload({
  id,
  value = [],
  onChange,
  disabled = false,
}: {
  id?: string
  value?: string[]
  onChange?: (value: string[]) => void
  disabled?: boolean
}) {
  const toast = useToast()
  const [uploading, setUploading] = useState<UploadFile | null>(null)

  const saved: UploadFile[] = value.map((url, index) => ({
    uid: url,
    name: `Attachment ${index + 1}.pdf`,
    status: 'done',
    url,
  }))
  const fileList = uploading ? [...saved, uploading] : saved

  const beforeUpload = (file: RcFile, files: RcFile[]) => {
    const refuse = (text: string) => {
      toast.error(text)
      return Upload.LIST_IGNORE
    }
    if (value.length + files.length > MAX_EMAIL_ATTACHMENTS || uploading) return refuse(messages.maxOnePdf)
    if (!/\.pdf$/i.test(file.name)) return refuse(messages.onlyPdf)
    if (file.size > MAX_EMAIL_ATTACHMENT_BYTES) return refuse(messages.pdfTooLarge)
    return true
  }

  return (
    <Upload
      id={id}
      accept=".pdf,application/pdf"
      maxCount={MAX_EMAIL_ATTACHMENTS}
      multiple={false}
      disabled={disabled}
      fileList={fileList}
      beforeUpload={beforeUpload}
      iconRender={() => <FilePdfOutlined />}
      onRemove={(file) => {
        onChange?.(value.filter((url) => url !== file.url))
        return true
      }}
      customRequest={async ({ file }) => {
        const rcFile = file as RcFile
        setUploading({ uid: rcFile.uid, name: rcFile.name, status: 'uploading', percent: 50 })
        const form = new FormData()
        form.append('fileType', 'image-pdf')
        form.append('file', rcFile)
        const answer = await apiUpload<UploadAnswer>(ATTACHMENT_ENDPOINT, form)
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
      {fileList.length < MAX_EMAIL_ATTACHMENTS ? (
        <Button icon={<UploadOutlined />} disabled={disabled}>
          Upload PDF
        </Button>
      ) : null}
    </Upload>
  )
}
