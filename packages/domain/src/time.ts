import type { TimeFormat } from './organizations/constants.ts'

/** Dates are shown dd-MM-yyyy, or MM-dd-yyyy when the organization's time format is mm/dd (spec 1 §9). */
export function dateDisplayFormat(timeFormat: TimeFormat | null | undefined): 'DD-MM-YYYY' | 'MM-DD-YYYY' {
  return timeFormat === 'mm/dd' ? 'MM-DD-YYYY' : 'DD-MM-YYYY'
}
