import { deflateSync } from 'node:zlib'
import { emailTemplateTypeLabel, messages, permissionRefusal } from '@spaceboard/domain'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailTemplates, organizations } from '../../src/db/schema/index.ts'
import { createTestApp, logins, type TestApp } from '../helpers.ts'
import { pngImage, uploadFiles } from '../upload.ts'

let t: TestApp
let superCookie: string
let harbourAdmin: string
let harbourCsr: string
let summitAdmin: string
let harbourId: number
let summitId: number
let lagoonId: number

async function organizationId(name: string) {
  const [row] = await t.database.db.select().from(organizations).where(eq(organizations.name, name))
  if (!row) throw new Error(`no organization ${name}`)
  return row.id
}

beforeAll(async () => {
  t = await createTestApp()
  superCookie = await t.signIn(logins.super)
  harbourAdmin = await t.signIn(logins.harbourAdmin)
  harbourCsr = await t.signIn(logins.harbourCsr)
  summitAdmin = await t.signIn(logins.summitAdmin)
  harbourId = await organizationId('Harbour Workspaces')
  summitId = await organizationId('Summit Business Centres')
  lagoonId = await organizationId('Lagoon Coworking')
  // Summit gets the email_template feature too, so tenancy is tested between two organizations that
  // both keep templates; Lagoon stays without it.
  await t.database.db
    .update(organizations)
    .set({ features: { email_template: true } })
    .where(eq(organizations.id, summitId))
})
afterAll(() => t.close())

interface TemplateRow {
  id: number
  organization_id: number
  organizationName: string
  template_type: string
  email_subject: string
  email_content?: string
  attachment_file_title: string | null
  attachment_file: string[]
  created_at: string
  updated_at: string
}

const body = (overrides: Record<string, unknown> = {}) => ({
  template_type: 'booking_confirmation_user',
  email_subject: 'Your booking {{booking_reference}} on {{booking_date}}',
  email_content: '<h1>Hello {{user_first_name}}</h1><p>See you at {{center_name}}: {{directions_link}}</p>',
  ...overrides,
})

const create = (payload: unknown, cookie = harbourAdmin) =>
  t.api(cookie, 'POST', '/api/email-template', payload)
const update = (id: number, payload: unknown, cookie = harbourAdmin) =>
  t.api(cookie, 'PUT', `/api/email-template/${id}`, payload)
const get = (url: string, cookie = harbourAdmin, range?: string) =>
  t.api(cookie, 'GET', url, undefined, range)
const remove = (id: number, cookie = harbourAdmin) => t.api(cookie, 'DELETE', `/api/email-template/${id}`)

async function created(payload: unknown, cookie = harbourAdmin): Promise<TemplateRow> {
  const response = await create(payload, cookie)
  expect(response.statusCode, response.body).toBe(201)
  return response.json()
}

async function clearTemplates() {
  await t.database.db.delete(emailTemplates)
}

/** A small but real PDF, as a PDF writer starts and ends one. */
function pdfFile(size = 1200) {
  const head = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n')
  const tail = Buffer.from('\n%%EOF\n')
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail])
}

/** A PDF whose catalog carries `entry`. */
function pdfWith(entry: string) {
  return Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /Catalog ${entry} >>\nendobj\n%%EOF\n`)
}

/** A PDF with one Flate-compressed stream holding `content`. */
function compressedStream(content: string) {
  const data = deflateSync(Buffer.from(content))
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n2 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`,
    ),
    data,
    Buffer.from('\nendstream\nendobj\n%%EOF\n'),
  ])
}

const uploadPdf = (files: { name: string; body: Buffer; type: string }[], cookie = harbourAdmin) =>
  uploadFiles(t, '/api/email-template/attachment', cookie, files)

describe('create, read, update and delete', () => {
  it('creates a template of the organization and reads it back', async () => {
    await clearTemplates()
    const template = await created(body())
    expect(template).toMatchObject({
      organization_id: harbourId,
      organizationName: 'Harbour Workspaces',
      template_type: 'booking_confirmation_user',
      email_subject: 'Your booking {{booking_reference}} on {{booking_date}}',
      attachment_file: [],
      attachment_file_title: null,
    })
    const read = await get(`/api/email-template/${template.id}`)
    expect(read.statusCode).toBe(200)
    expect(read.json().email_content).toContain('Hello {{user_first_name}}')
  })

  it('ignores the organization a non-super user names: the template is its own organization', async () => {
    await clearTemplates()
    const template = await created(body({ organization_id: summitId }))
    expect(template.organization_id).toBe(harbourId)
  })

  it('makes super choose an organization with the spec message, -1 meaning none', async () => {
    for (const organization_id of [undefined, -1]) {
      const response = await create(body({ organization_id }), superCookie)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        message: messages.selectRequired,
        errors: { organization_id: messages.selectRequired },
      })
    }
    const archived = await create(body({ organization_id: 999_999 }), superCookie)
    expect(archived.json().errors).toEqual({ organization_id: messages.selectRequired })
    await clearTemplates()
    const template = await created(body({ organization_id: summitId }), superCookie)
    expect(template).toMatchObject({ organization_id: summitId, organizationName: 'Summit Business Centres' })
  })

  it('answers the spec messages for a missing type, subject and content', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ template_type: '' }, 'template_type', messages.fieldRequired],
      [{ template_type: 'weekly_newsletter' }, 'template_type', messages.fieldRequired],
      [{ email_subject: '   ' }, 'email_subject', messages.fieldRequired],
      [{ email_subject: undefined }, 'email_subject', messages.fieldRequired],
      [{ email_content: '' }, 'email_content', messages.fillEmailContent],
      [{ email_content: '<p><br></p>' }, 'email_content', messages.fillEmailContent],
    ]
    for (const [overrides, field, message] of cases) {
      const response = await create(body(overrides))
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400)
      expect(response.json().errors[field]).toBe(message)
    }
  })

  it('refuses a second template of a type the organization has, also when another one is changed to it', async () => {
    await clearTemplates()
    await created(body())
    const again = await create(body())
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({
      message: messages.emailTemplateTypeTaken,
      errors: { template_type: messages.emailTemplateTypeTaken },
    })
    const other = await created(body({ template_type: 'booking_refund_user' }))
    const moved = await update(other.id, body())
    expect(moved.statusCode).toBe(409)
    // Another organization may have the same type.
    await created(body(), summitAdmin)
  })

  it('lists the types the organization has with code=EXISTING_TEMPLATES', async () => {
    await clearTemplates()
    await created(body())
    await created(body({ template_type: 'user_registration', email_content: '<p>Welcome</p>' }))
    await created(body(), summitAdmin)
    const own = await get(
      `/api/email-template/${harbourId}?code=EXISTING_TEMPLATES&organizationId=${summitId}`,
    )
    expect((own.json() as TemplateRow[]).map((r) => r.template_type).sort()).toEqual([
      'booking_confirmation_user',
      'user_registration',
    ])
    const chosen = await get(
      `/api/email-template/${summitId}?code=EXISTING_TEMPLATES&organizationId=${summitId}`,
      superCookie,
    )
    expect((chosen.json() as TemplateRow[]).map((r) => r.template_type)).toEqual([
      'booking_confirmation_user',
    ])
    const none = await get('/api/email-template/1?code=EXISTING_TEMPLATES', superCookie)
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe(messages.selectRequired)
  })

  it('updates subject, content and type but never the organization', async () => {
    await clearTemplates()
    const template = await created(body())
    const response = await update(
      template.id,
      body({
        organization_id: summitId,
        template_type: 'booking_reschedule_user',
        email_subject: 'Moved: {{booking_date}}',
        email_content: '<p>New time {{start_time}}</p>',
      }),
      superCookie,
    )
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json()).toMatchObject({
      organization_id: harbourId,
      template_type: 'booking_reschedule_user',
      email_subject: 'Moved: {{booking_date}}',
      email_content: '<p>New time {{start_time}}</p>',
    })
  })

  it('deletes with the spec message, then the template is gone', async () => {
    await clearTemplates()
    const template = await created(body())
    const response = await remove(template.id, harbourCsr)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: messages.recordDeleted })
    expect((await get(`/api/email-template/${template.id}`)).statusCode).toBe(404)
    expect((await remove(template.id)).statusCode).toBe(404)
  })
})

describe('the list', () => {
  it('shows the organization its own templates, super all with the organization name, filtered by organization_id', async () => {
    await clearTemplates()
    await created(body())
    await created(body({ template_type: 'booking_refund_center' }))
    await created(body(), summitAdmin)
    const own = await get('/api/email-template', harbourAdmin, '0-19')
    expect(own.headers['content-range']).toBe('0-1/2')
    expect((own.json() as TemplateRow[]).every((r) => r.organization_id === harbourId)).toBe(true)
    expect(own.json()[0]).not.toHaveProperty('email_content')
    const all = await get('/api/email-template', superCookie, '0-19')
    expect(all.headers['content-range']).toBe('0-2/3')
    expect((all.json() as TemplateRow[]).map((r) => r.organizationName)).toContain('Summit Business Centres')
    const one = await get(`/api/email-template?organization_id=${summitId}`, superCookie, '0-19')
    expect((one.json() as TemplateRow[]).map((r) => r.organization_id)).toEqual([summitId])
    // A non-super user's organization_id is ignored: still its own.
    const ignored = await get(`/api/email-template?organization_id=${summitId}`, harbourAdmin, '0-19')
    expect((ignored.json() as TemplateRow[]).every((r) => r.organization_id === harbourId)).toBe(true)
  })

  it('searches the readable type label and the subject, sorts by label, pages by Range', async () => {
    await clearTemplates()
    for (const template_type of [
      'user_registration',
      'booking_refund_user',
      'booking_cancellation_center',
      'access_instructions',
    ])
      await created(body({ template_type, email_subject: `About ${template_type.replaceAll('_', ' ')}` }))
    const labels = async (query: string, range = '0-19') =>
      ((await get(`/api/email-template${query}`, harbourAdmin, range)).json() as TemplateRow[]).map((r) =>
        emailTemplateTypeLabel(r.template_type),
      )
    expect(await labels('?search=Refund')).toEqual(['Booking Refund (User)'])
    expect(await labels('?search=registration')).toEqual(['User Registration'])
    expect(await labels('?order=template_type&direct=asc')).toEqual([
      'Access Instructions',
      'Booking Cancellation (Center)',
      'Booking Refund (User)',
      'User Registration',
    ])
    expect(await labels('?order=template_type&direct=desc', '0-1')).toEqual([
      'User Registration',
      'Booking Refund (User)',
    ])
    const page = await get('/api/email-template?order=created_at', harbourAdmin, '2-3')
    expect(page.headers['content-range']).toBe('2-3/4')
    const bad = await get('/api/email-template?order=email_content')
    expect(bad.statusCode).toBe(400)
    const tooLong = await get('/api/email-template', harbourAdmin, '0-100000')
    expect(tooLong.statusCode).toBe(400)
  })
})

describe('safety', () => {
  it('sanitises the content on save: no script, no event handlers, no javascript: links', async () => {
    await clearTemplates()
    const template = await created(
      body({
        email_content: [
          '<p>Hi {{user_first_name}}<script>alert(1)</script></p>',
          '<img src="x" onerror="alert(2)">',
          '<a href="javascript:alert(3)">click</a>',
          '<a href="https://example.com/x" onclick="alert(4)">site</a>',
          '<p style="color: rgb(230, 0, 0); position: fixed; text-align: center">red</p>',
          '<iframe src="https://example.com"></iframe><style>p{}</style>',
          '<h2 class="ql-align-right evil">Title</h2><ol><li data-list="bullet">one</li></ol>',
        ].join(''),
      }),
    )
    const html = (await get(`/api/email-template/${template.id}`)).json().email_content as string
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|iframe|<style|position|evil|alert/i)
    expect(html).toContain('<p>Hi {{user_first_name}}</p>')
    expect(html).toContain('<a rel="noopener noreferrer" target="_blank">click</a>')
    expect(html).toContain('href="https://example.com/x"')
    expect(html).toContain('style="color:rgb(230, 0, 0);text-align:center"')
    expect(html).toContain('<h2 class="ql-align-right">Title</h2>')
    expect(html).toContain('<li data-list="bullet">one</li>')
  })

  it('answers the content message when nothing is left once sanitised', async () => {
    const response = await create(body({ email_content: '<script>alert(1)</script>' }))
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({ email_content: messages.fillEmailContent })
  })

  it('refuses a merge tag the product does not know, naming it, and links in the subject', async () => {
    const content = await create(
      body({ email_content: '<p>{{user_first_name}} {{bookng_date}} {{ secret }}</p>' }),
    )
    expect(content.statusCode).toBe(400)
    expect(content.json().errors.email_content).toBe(
      messages.unknownMergeTags(['{{bookng_date}}', '{{secret}}']),
    )
    const subject = await create(body({ email_subject: 'Booking {{calendar_link}}' }))
    expect(subject.json().errors.email_subject).toBe(messages.mergeTagsNotInSubject(['{{calendar_link}}']))
  })

  it('keeps another organization out: it cannot read, change or delete a template, nor see it listed', async () => {
    await clearTemplates()
    const template = await created(body())
    expect((await get(`/api/email-template/${template.id}`, summitAdmin)).statusCode).toBe(404)
    expect((await update(template.id, body({ email_subject: 'Mine now' }), summitAdmin)).statusCode).toBe(404)
    expect((await remove(template.id, summitAdmin)).statusCode).toBe(404)
    const list = await get('/api/email-template', summitAdmin, '0-19')
    expect(list.json()).toEqual([])
    expect(list.headers['content-range']).toBe('*/0')
    const [row] = await t.database.db.select().from(emailTemplates).where(eq(emailTemplates.id, template.id))
    expect(row?.emailSubject).toBe(body().email_subject)
  })
})

describe('permissions and organization flags', () => {
  it('lets csr edit and delete but not add (spec 3 §6)', async () => {
    await clearTemplates()
    const add = await create(body(), harbourCsr)
    expect(add.statusCode).toBe(403)
    expect(add.json().message).toBe(permissionRefusal('email-templates.create'))
    const template = await created(body())
    const edit = await update(template.id, body({ email_subject: 'Edited by csr' }), harbourCsr)
    expect(edit.statusCode).toBe(200)
    expect((await get('/api/email-template', harbourCsr)).statusCode).toBe(200)
  })

  it('refuses templates for an organization without the email_template feature', async () => {
    const forSuper = await create(body({ organization_id: lagoonId }), superCookie)
    expect(forSuper.statusCode).toBe(403)
    expect(forSuper.json().message).toBe(messages.emailTemplatesOff)
    await t.database.db.update(organizations).set({ features: {} }).where(eq(organizations.id, summitId))
    try {
      const own = await create(body(), summitAdmin)
      expect(own.statusCode).toBe(403)
      expect(own.json().message).toBe(messages.emailTemplatesOff)
    } finally {
      await t.database.db
        .update(organizations)
        .set({ features: { email_template: true } })
        .where(eq(organizations.id, summitId))
    }
  })
})

describe('attachment', () => {
  it('stores one PDF judged by its content and attaches it to the template', async () => {
    await clearTemplates()
    const upload = await uploadPdf([{ name: 'terms.bin', body: pdfFile(), type: 'application/octet-stream' }])
    expect(upload.statusCode, upload.body).toBe(200)
    const url = upload.json().file[0].url as string
    expect(url).toMatch(/^\/uploads\/[\w-]+\.pdf$/)
    const served = await t.app.inject({ method: 'GET', url, headers: { cookie: harbourCsr } })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('application/pdf')
    expect(served.headers['content-disposition']).toBe('attachment')
    expect(served.headers['cache-control']).toBe('private, no-store')
    expect(served.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    const template = await created(body({ attachment_file: [url], attachment_file_title: 'Terms' }))
    expect(template).toMatchObject({ attachment_file: [url], attachment_file_title: 'Terms' })
    const kept = await update(template.id, body({ attachment_file: [url], attachment_file_title: 'Terms' }))
    expect(kept.json().attachment_file).toEqual([url])
  })

  it('refuses what is not a PDF whatever its name, over 2 MB, or more than one, with the spec messages', async () => {
    const png = await uploadPdf([{ name: 'terms.pdf', body: await pngImage(), type: 'application/pdf' }])
    expect(png.statusCode).toBe(400)
    expect(png.json()).toEqual({ file: [{ error: messages.onlyPdf }] })
    const big = await uploadPdf([
      { name: 'big.pdf', body: pdfFile(2 * 1024 * 1024 + 1), type: 'application/pdf' },
    ])
    expect(big.json()).toEqual({ file: [{ error: messages.pdfTooLarge }] })
    const limit = await uploadPdf([
      { name: 'edge.pdf', body: pdfFile(2 * 1024 * 1024), type: 'application/pdf' },
    ])
    expect(limit.statusCode).toBe(200)
    const two = await uploadPdf([
      { name: 'a.pdf', body: pdfFile(), type: 'application/pdf' },
      { name: 'b.pdf', body: pdfFile(), type: 'application/pdf' },
    ])
    expect(two.json()).toEqual({ file: [{ error: messages.maxOnePdf }] })
    const notMultipart = await t.api(harbourAdmin, 'POST', '/api/email-template/attachment', { file: 'x' })
    expect(notMultipart.statusCode).toBe(400)
  })

  it('refuses a PDF that would act (scripts, actions, launching, embedded files), however its names are written', async () => {
    const active = [
      '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>',
      '/OpenAction 2 0 R',
      '/AA << /O << /S /Launch /F (calc.exe) >> >>',
      '/Names << /EmbeddedFiles 3 0 R >>',
      // #xx escapes in a name (ISO 32000 7.3.5): /JavaScript all the same.
      '/Names << /J#61vaScript 4 0 R >>',
    ]
    for (const entry of active) {
      const refused = await uploadPdf([{ name: 'terms.pdf', body: pdfWith(entry), type: 'application/pdf' }])
      expect(refused.statusCode, entry).toBe(400)
      expect(refused.json()).toEqual({ file: [{ error: messages.onlyPdf }] })
    }
    // Hidden in a compressed object stream (PDF 1.5), where the bytes of the file do not show it.
    const hidden = compressedStream('<< /Type /Action /S /JavaScript /JS (app.alert(1)) >>')
    const refused = await uploadPdf([{ name: 'terms.pdf', body: hidden, type: 'application/pdf' }])
    expect(refused.json()).toEqual({ file: [{ error: messages.onlyPdf }] })
    // A compressed page, the way writers store one, is fine.
    const page = compressedStream('BT /F1 12 Tf 72 712 Td (Terms and conditions) Tj ET')
    const accepted = await uploadPdf([{ name: 'terms.pdf', body: page, type: 'application/pdf' }])
    expect(accepted.statusCode, accepted.body).toBe(200)
  })

  it("serves an attachment only to its organization's signed-in users: a 404 to anyone else", async () => {
    await clearTemplates()
    const upload = await uploadPdf([{ name: 'terms.pdf', body: pdfFile(), type: 'application/pdf' }])
    const url = upload.json().file[0].url as string
    const status = async (cookie?: string) =>
      (await t.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) })).statusCode
    expect(await status()).toBe(404)
    expect(await status('sb_session=forged')).toBe(404)
    expect(await status(summitAdmin)).toBe(404)
    expect(await status(harbourAdmin)).toBe(200)
    expect(await status(harbourCsr)).toBe(200)
    // Another organization that knows the address can neither attach it nor send it in a test mail.
    const taken = await create(body({ attachment_file: [url] }), summitAdmin)
    expect(taken.json().errors).toEqual({ attachment_file: messages.attachmentNotUploaded })
    const testMail = await t.api(
      summitAdmin,
      'POST',
      '/api/email-template/send-test',
      body({ attachment_file: [url] }),
    )
    expect(testMail.json().errors).toEqual({ attachment_file: messages.onlyPdf })
    expect(await status(summitAdmin)).toBe(404)
    // Attached to a Harbour template, a super user reads it too; images stay public (mail clients load them).
    await created(body({ attachment_file: [url] }))
    expect(await status(superCookie)).toBe(200)
    const image = (
      await uploadFiles(t, '/api/email-template/image', harbourAdmin, [
        { name: 'logo.png', body: await pngImage(), type: 'image/png' },
      ])
    ).json().file[0].url as string
    expect((await t.app.inject({ method: 'GET', url: image })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: image.replace(/\.png$/, '.pdf') })).statusCode).toBe(404)
  })

  it('saves only attachments this server stored, at most one', async () => {
    const made = await create(body({ attachment_file: ['https://evil.example/x.pdf'] }))
    expect(made.json().errors).toEqual({ attachment_file: messages.attachmentNotUploaded })
    const missing = await create(body({ attachment_file: ['/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.pdf'] }))
    expect(missing.json().errors).toEqual({ attachment_file: messages.attachmentNotUploaded })
    const image = (
      await uploadFiles(t, '/api/email-template/image', harbourAdmin, [
        { name: 'logo.png', body: await pngImage(), type: 'image/png' },
      ])
    ).json().file[0].url as string
    expect(image).toMatch(/\.png$/)
    const notPdf = await create(body({ attachment_file: [image] }))
    expect(notPdf.json().errors).toEqual({ attachment_file: messages.attachmentNotUploaded })
    const two = await create(body({ attachment_file: ['/a.pdf', '/b.pdf'] }))
    expect(two.json().errors).toEqual({ attachment_file: messages.maxOnePdf })
  })

  it('keeps the upload routes to the roles that edit templates', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/email-template/attachment' })
    expect(anonymous.statusCode).toBe(401)
  })
})
