import { z } from 'zod'
import { listQuerySchema } from '../list.ts'
import { messages } from '../messages.ts'
import { wallTime } from '../time.ts'
import { requiredError } from '../validation-messages.ts'

export const packageOrderKeys = [
  'name',
  'min_attendees',
  'type',
  'status',
  'organizationName',
  'created_at',
] as const
export const packageListQuerySchema = listQuerySchema(packageOrderKeys).extend({
  organization_id: z.coerce.number().int().positive().optional(),
})
export const packageTypes = [
  { value: 'duration', label: 'Duration' },
  { value: 'fixed', label: 'Fixed slot' },
] as const
export const DEFAULT_PACKAGE_START = '09:00'
export const DEFAULT_PACKAGE_END = '20:00'

/** The package list shows its pager as soon as there is one package (spec 1 §9). */
export const PACKAGE_PAGER_THRESHOLD = 0

export const packageSchema = z
  .strictObject({
    organization_id: z.coerce.number().int().positive().nullable().optional(),
    name: z
      .string({ error: requiredError(messages.fieldRequired) })
      .trim()
      .min(1, messages.fieldRequired)
      .regex(/^[\p{L}\p{N} ]{1,1000}$/u, messages.packageNameCharacters),
    min_attendees: z
      .union([z.string(), z.number()], { error: requiredError(messages.fieldRequired) })
      .transform((v) => String(v).trim())
      .pipe(
        z
          .string()
          .min(1, messages.fieldRequired)
          .regex(/^\d{1,5}$/, messages.minAttendeesRange),
      )
      .transform(Number)
      .refine((v) => v >= 1, messages.minAttendeesRange),
    type: z.enum(['duration', 'fixed'], { error: requiredError(messages.selectRequired) }),
    duration_hours: z.coerce.number().int().min(0).max(23).nullable().optional(),
    duration_minutes: z.coerce
      .number()
      .int()
      .refine((m) => [0, 15, 30, 45].includes(m), messages.selectRequired)
      .nullable()
      .optional(),
    start_time: wallTime.nullable().optional(),
    end_time: wallTime.nullable().optional(),
    services: z.string().trim().max(5000).optional().default(''),
    rate: z
      .union([z.string(), z.number()], { error: requiredError(messages.fieldRequired) })
      .transform((v) => String(v).trim())
      .pipe(
        z
          .string()
          .min(1, messages.fieldRequired)
          .regex(/^\d{1,10}(\.\d{1,2})?$/, messages.securityBondDecimals),
      )
      .transform(Number),
    status: z.enum(['enable', 'disable']).optional().default('enable'),
    centers: z.array(z.coerce.number().int().positive()).min(1, messages.selectRequired).max(200),
    meetingrooms: z.array(z.coerce.number().int().positive()).min(1, messages.selectRequired).max(500),
  })
  .superRefine((p, ctx) => {
    const add = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (p.type === 'duration') {
      if (p.duration_hours == null) add('duration_hours', messages.selectRequired)
      if (p.duration_minutes == null) add('duration_minutes', messages.selectRequired)
      if (p.duration_hours === 0 && p.duration_minutes === 0) add('duration_minutes', messages.selectRequired)
    } else {
      if (!p.start_time) add('start_time', messages.selectRequired)
      if (!p.end_time) add('end_time', messages.selectRequired)
      if (p.start_time && p.end_time) {
        if (p.end_time <= p.start_time) add('end_time', messages.invalidTimeRangeNoStop)
        const quarter = (t: string) => Number(t.slice(3)) % 15 === 0
        if (!quarter(p.start_time)) add('start_time', messages.selectRequired)
        if (!quarter(p.end_time)) add('end_time', messages.selectRequired)
      }
    }
  })
export type PackageInput = z.infer<typeof packageSchema>

export const packageStatusSchema = z.strictObject({
  id: z.number().int().positive().optional(),
  code: z.literal('ACTIVE_INACTIVE'),
  status: z.enum(['enable', 'disable']),
})
