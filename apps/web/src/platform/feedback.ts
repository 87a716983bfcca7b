import { messages } from '@spaceboard/domain'
import { App } from 'antd'
import { useCallback, useMemo } from 'react'
import { ApiError } from './api-client.ts'

/** Toasts with the spec's texts (antd App message, so they follow the theme). */
export function useToast() {
  const { message } = App.useApp()
  return useMemo(
    () => ({
      success: (text: string) => {
        void message.success(text)
      },
      error: (text: string) => {
        void message.error(text)
      },
      info: (text: string) => {
        void message.info(text)
      },
      /** The message of a failed call; 401 is already handled by the session (sign-in redirect). */
      failure: (error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return
        void message.error(error instanceof Error && error.message ? error.message : messages.internalError)
      },
    }),
    [message],
  )
}

export interface ConfirmOptions {
  title?: string
  content: string
  okText?: string
  cancelText?: string
  danger?: boolean
}

/** A confirm dialog (antd Modal.confirm) that resolves to whether the person agreed. */
export function useConfirm(): (options: ConfirmOptions) => Promise<boolean> {
  const { modal } = App.useApp()
  return useCallback(
    (options) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: options.title ?? options.content,
          content: options.title ? options.content : undefined,
          okText: options.okText ?? 'Yes',
          cancelText: options.cancelText ?? 'No',
          okButtonProps: { danger: options.danger ?? false },
          centered: true,
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        })
      }),
    [modal],
  )
}

/** The spec's delete confirmation: "Do you really want to delete this record?". */
export function useConfirmDelete(): () => Promise<boolean> {
  const confirm = useConfirm()
  return useCallback(() => confirm({ content: messages.confirmDelete, danger: true }), [confirm])
}
