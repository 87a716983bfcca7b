import { type CountryInput, type ListQuery, messages } from '@spaceboard/domain'
import type { Ctx } from '../../platform/context.ts'
import { conflict, notFound, refuseIfUsed } from '../../platform/errors.ts'
import type { ListWindow } from '../../platform/list.ts'
import * as repo from './countries.repository.ts'

export function listCountries({ tx }: Ctx, query: ListQuery<repo.CountryOrder>, window: ListWindow | null) {
  return repo.listCountries(tx, query, window)
}

export function countCountries({ tx }: Ctx, search: string) {
  return repo.countCountries(tx, search)
}

export async function getCountry({ tx }: Ctx, id: number) {
  const country = await repo.findCountry(tx, id)
  if (!country) throw notFound()
  return country
}

export async function createCountry({ tx }: Ctx, input: CountryInput) {
  if (await repo.countryNameOrCodeTaken(tx, input)) throw conflict(messages.countryAlreadyExists)
  return repo.insertCountry(tx, input)
}

export async function updateCountry({ tx }: Ctx, id: number, input: CountryInput) {
  if (!(await repo.findCountry(tx, id))) throw notFound()
  if (await repo.countryNameOrCodeTaken(tx, input, id)) throw conflict(messages.countryAlreadyExists)
  return repo.updateCountry(tx, id, input)
}

export async function deleteCountry({ tx }: Ctx, id: number) {
  if (!(await repo.findCountry(tx, id))) throw notFound()
  // Archived countries vanish from the forms: records pointing at one would show its raw id.
  const uses = await repo.countryUses(tx, id)
  refuseIfUsed('country', [
    { count: uses.organizations, one: 'organization' },
    { count: uses.locations, one: 'location' },
    { count: uses.clients, one: 'client' },
    { count: uses.users, one: 'user' },
  ])
  if (!(await repo.archiveCountry(tx, id))) throw notFound()
  return { message: messages.recordDeleted }
}
