import 'react-quill-new/dist/quill.snow.css'
import './editor.css'
import { messages } from '@spaceboard/domain'
import { NoFormStyle } from 'antd/es/form/context'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import ReactQuill, { Quill } from 'react-quill-new'
import { apiUpload } from '../../platform/api-client.ts'
import { useToast } from '../../platform/feedback.ts'
import { IMAGE_ENDPOINT } from './api.ts'
import { MergeTagPicker } from './merge-tag-picker.tsx'

// Alignment as inline styles (text-align), not Quill's ql-align-* classes: mail clients have no Quill CSS.
Quill.register(Quill.import('attributors/style/align') as never, true)

/** The spec's toolbar (spec 3 §2): headers 1-6, bold, italic, underline, strike, align, lists, colors, link, image. */
const toolbar = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ align: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ color: [] }, { background: [] }],
  ['link', 'image'],
]
const formats = [
  'header',
  'bold',
  'italic',
  'underline',
  'strike',
  'align',
  'list',
  'color',
  'background',
  'link',
  'image',
]

/** Quill's toolbar controls are unlabelled icons: these names make them buttons a screen reader can say. */
const controlNames: Record<string, string> = {
  'ql-header': 'Heading',
  'ql-bold': 'Bold',
  'ql-italic': 'Italic',
  'ql-underline': 'Underline',
  'ql-strike': 'Strikethrough',
  'ql-align': 'Alignment',
  'ql-color': 'Text colour',
  'ql-background': 'Background colour',
  'ql-link': 'Link',
  'ql-image': 'Image',
}

function labelToolbar(container: HTMLElement) {
  for (const control of container.querySelectorAll<HTMLElement>('button, .ql-picker')) {
    const name = [...control.classList].find((c) => c in controlNames || c === 'ql-list')
    if (!name) continue
    const label =
      name === 'ql-list'
        ? control.getAttribute('value') === 'bullet'
          ? 'Bulleted list'
          : 'Numbered list'
        : (controlNames[name] ?? name)
    const target = control.classList.contains('ql-picker')
      ? control.querySelector<HTMLElement>('.ql-picker-label')
      : control
    target?.setAttribute('aria-label', label)
    for (const item of control.querySelectorAll<HTMLElement>('.ql-picker-item')) {
      const value = item.getAttribute('data-value')
      item.setAttribute('aria-label', value ? `${label} ${value}` : `${label}: none`)
    }
  }
}

export interface EmailEditorProps {
  id?: string
  value?: string
  onChange?: (html: string) => void
  disabled?: boolean
  'aria-invalid'?: boolean
}

/**
 * The body editor: Quill (react-quill-new) with the spec's toolbar and a merge-tag picker that
 * puts `{{tag}}` at the cursor. The image button uploads the picture (png/jpg under 1 MB) and
 * inserts its full address, so the mail shows it wherever it is read.
 */
export default function EmailEditor({
  id,
  value = '',
  onChange,
  disabled = false,
  ...rest
}: EmailEditorProps) {
  const quillRef = useRef<ReactQuill>(null)
  const toast = useToast()

  const uploadImage = useCallback(() => {
    const input = document.createElement('input')
    input.type = 'file'
    input.accept = '.png,.jpg,.jpeg'
    input.onchange = async () => {
      const file = input.files?.[0]
      const editor = quillRef.current?.getEditor()
      if (!file || !editor) return
      const form = new FormData()
      form.append('fileType', 'thumb')
      form.append('file', file)
      const answer = await apiUpload<{ file?: Array<{ url?: string; error?: string }> }>(IMAGE_ENDPOINT, form)
      const first = answer.body?.file?.[0]
      if (!answer.ok || !first?.url) {
        if (answer.status !== 401) toast.error(first?.error ?? messages.uploadFail)
        return
      }
      const at = editor.getSelection(true)?.index ?? editor.getLength()
      editor.insertEmbed(at, 'image', new URL(first.url, window.location.origin).href, 'user')
      editor.setSelection(at + 1, 0, 'user')
    }
    input.click()
  }, [toast])

  const modules = useMemo(
    () => ({ toolbar: { container: toolbar, handlers: { image: uploadImage } } }),
    [uploadImage],
  )

  useEffect(() => {
    const editor = quillRef.current?.getEditor()
    if (!editor) return
    const toolbarModule = editor.getModule('toolbar') as { container?: HTMLElement } | undefined
    if (toolbarModule?.container) labelToolbar(toolbarModule.container)
    const root = editor.root
    if (id) root.id = id
    root.setAttribute('role', 'textbox')
    root.setAttribute('aria-multiline', 'true')
    root.setAttribute('aria-label', 'Email content')
    if (rest['aria-invalid']) root.setAttribute('aria-invalid', 'true')
    else root.removeAttribute('aria-invalid')
  }, [id, rest['aria-invalid']])

  const insertTag = (tag: string) => {
    const editor = quillRef.current?.getEditor()
    if (!editor) return
    const range = editor.getSelection(true)
    const at = range?.index ?? editor.getLength() - 1
    if (range?.length) editor.deleteText(range.index, range.length, 'user')
    editor.insertText(at, tag, 'user')
    editor.setSelection(at + tag.length, 0, 'user')
  }

  return (
    <div className="email-editor">
      {/* The picker is no input of the field: the field's error status is the editor's, not the picker's. */}
      <NoFormStyle status override>
        <MergeTagPicker onPick={insertTag} disabled={disabled} label="Insert merge tag into the content" />
      </NoFormStyle>
      <ReactQuill
        ref={quillRef}
        theme="snow"
        value={value}
        onChange={(html) => onChange?.(html)}
        modules={modules}
        formats={formats}
        readOnly={disabled}
        style={{ marginTop: 8, background: 'var(--ant-color-bg-container, #fff)' }}
      />
    </div>
  )
}
