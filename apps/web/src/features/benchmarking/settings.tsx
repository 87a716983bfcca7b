import {
  type BenchmarkSettingField,
  benchmarkingMessages,
  benchmarkSettingKeys,
  benchmarkSettingLabels,
  benchmarkSettingsSchema,
  type SettingRow,
} from '@spaceboard/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, Flex, Form, Input, Skeleton, Typography } from 'antd'
import { useEffect } from 'react'
import { api } from '../../platform/api-client.ts'
import { useToast } from '../../platform/feedback.ts'
import { zodRule } from '../../platform/form-kit.ts'
import { LoadFailed } from '../../platform/route-guard.tsx'

export const SETTING_ENDPOINT = '/api/setting'
const queryKey = ['settings', 'benchmarking']
const fields = benchmarkSettingsSchema.shape.data.shape
const fieldNames = Object.keys(benchmarkSettingKeys) as BenchmarkSettingField[]

type Values = Record<BenchmarkSettingField, string>

/** Benchmarking settings (/admin/benchmarking, super): average occupancy, booking value and booking duration. */
export function BenchmarkingSettings() {
  const toast = useToast()
  const queryClient = useQueryClient()
  const [form] = Form.useForm<Values>()
  const settings = useQuery({
    queryKey,
    queryFn: () => api<{ success: boolean; data: SettingRow[] }>(`${SETTING_ENDPOINT}?type=benchmarking`),
  })
  useEffect(() => {
    if (!settings.data) return
    const rows = settings.data.data
    form.setFieldsValue(
      Object.fromEntries(
        fieldNames.map((field) => [
          field,
          rows.find((r) => r.key === benchmarkSettingKeys[field])?.value ?? '',
        ]),
      ) as Values,
    )
  }, [settings.data, form])
  const save = useMutation({
    mutationFn: (values: Values) =>
      api<{ success: boolean }>(SETTING_ENDPOINT, {
        method: 'POST',
        body: { data: { type: 'benchmarking', ...values } },
      }),
    onSuccess: async () => {
      toast.success(benchmarkingMessages.saved)
      await queryClient.invalidateQueries({ queryKey })
    },
    onError: () => toast.error(benchmarkingMessages.saveFailed),
  })

  if (settings.error) return <LoadFailed error={settings.error} />
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
        Benchmarking
      </Typography.Title>
      <Card style={{ maxWidth: 520 }}>
        {settings.isPending ? (
          <Skeleton active />
        ) : (
          <Form<Values>
            form={form}
            layout="vertical"
            scrollToFirstError
            onFinish={(values) => save.mutate(values)}
          >
            {fieldNames.map((field) => (
              <Form.Item
                key={field}
                label={benchmarkSettingLabels[field]}
                name={field}
                required
                rules={[zodRule(fields[field])]}
              >
                <Input inputMode="decimal" />
              </Form.Item>
            ))}
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save
            </Button>
          </Form>
        )}
      </Card>
    </Flex>
  )
}
