import { months, timeZoneOffset } from '@spaceboard/domain'
import type { App } from '../../platform/app.ts'

/** IANA zones from the runtime's ICU database, which Node.js keeps current, with their offsets now. */
function timeZones() {
  const now = new Date()
  return Intl.supportedValuesOf('timeZone')
    .map((id) => {
      const offset = timeZoneOffset(id, now)
      return { id, name: id, offset, label: `(UTC${offset}) ${id.replaceAll('_', ' ')}` }
    })
    .sort((a, b) => offsetMinutes(a.offset) - offsetMinutes(b.offset) || a.id.localeCompare(b.id))
}

function offsetMinutes(offset: string) {
  const [hours = 0, minutes = 0] = offset.slice(1).split(':').map(Number)
  return (offset.startsWith('-') ? -1 : 1) * (hours * 60 + minutes)
}

export function lookupRoutes(app: App) {
  app.get(
    '/api/timezone',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Time zones',
        description: 'IANA zones with their current offsets.',
        tags: ['lookups'],
      },
    },
    async () => timeZones(),
  )

  app.get(
    '/api/month',
    { config: { access: 'signed-in' }, schema: { summary: 'Months', tags: ['lookups'] } },
    async () => months.map((name, index) => ({ id: index + 1, name })),
  )
}
