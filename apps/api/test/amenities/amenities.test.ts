import { messages, permissionRefusal } from '@spaceboard/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { pngImage, uploadFiles } from '../upload.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
})
afterAll(() => t.close())

const call = (
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  range?: string,
) =>
  t.app.inject({
    method,
    url,
    headers: { cookie, ...(range ? { range } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  })

describe('amenities', () => {
  it('lists with the list kit and all=1', async () => {
    const page = await call(harbourAdmin, 'GET', '/api/amenity?order=name', undefined, '0-3')
    expect(page.headers['content-range']).toBe('0-3/8')
    expect(page.json()).toHaveLength(4)
    expect((await call(harbourAdmin, 'GET', '/api/amenity?all=1')).json()).toHaveLength(8)
  })

  it('lets admin and csr read the list and one amenity, but not write (issue 15 item 10)', async () => {
    const csr = await t.signIn(logins.harbourCsr)
    for (const cookie of [harbourAdmin, csr]) {
      const list = await call(cookie, 'GET', '/api/amenity', undefined, '0-19')
      expect(list.statusCode).toBe(200)
      const [first] = list.json() as { id: number }[]
      expect((await call(cookie, 'GET', `/api/amenity/${first?.id}`)).statusCode).toBe(200)
      const write = await call(cookie, 'POST', '/api/amenity', { name: 'X', category: 'Other' })
      expect(write.statusCode).toBe(403)
      expect(write.json()).toEqual({ message: permissionRefusal('amenities.write') })
    }
  })

  it('creates with an uploaded icon, edits and deletes (super only)', async () => {
    const upload = await uploadFiles(t, '/api/amenity/icon', superCookie, [
      { name: 'i.png', body: await pngImage(64, 64), type: 'image/png' },
    ])
    const icon = upload.json().file[0].url
    expect(icon).toMatch(/^\/uploads\//)
    const created = await call(superCookie, 'POST', '/api/amenity', {
      name: 'Standing desk',
      category: 'Other',
      image: icon,
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().id
    const edited = await call(superCookie, 'PUT', `/api/amenity/${id}`, {
      name: 'Standing desks',
      category: 'Telecom',
      image: icon,
    })
    expect(edited.json()).toMatchObject({ name: 'Standing desks', category: 'Telecom', icon })
    expect(
      (await call(harbourAdmin, 'POST', '/api/amenity', { name: 'X', category: 'Other', image: icon }))
        .statusCode,
    ).toBe(403)
    expect((await call(superCookie, 'DELETE', `/api/amenity/${id}`)).json()).toEqual({
      message: messages.recordDeleted,
    })
  })

  it.each([
    [{ name: '', category: 'Other', image: '/uploads/x' }, 'name', messages.fieldRequired],
    [{ name: 'Desk', category: 'Spaceships', image: '/uploads/x' }, 'category', messages.selectRequired],
    [{ name: 'Desk', category: 'Other', image: '' }, 'image', 'Error: Upload an icon.'],
    [
      { name: 'Desk', category: 'Other', image: 'https://cdn.example/x.png' },
      'image',
      'Error: Upload an icon.',
    ],
  ])('%o → %s', async (payload, field, message) => {
    const response = await call(superCookie, 'POST', '/api/amenity', payload)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[field]).toBe(message)
  })

  it('refuses icons that are not images or over 1 MB', async () => {
    const text = await uploadFiles(t, '/api/amenity/icon', superCookie, [
      { name: 'i.jpg', body: Buffer.from('GIF89a'), type: 'image/jpeg' },
    ])
    expect(text.json().file[0].error).toBe('Only png/jpg/jpeg allowed')
  })
})
