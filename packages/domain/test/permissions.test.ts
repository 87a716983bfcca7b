import { describe, expect, it } from 'vitest'
import { can, permissionTable } from '../src/index.ts'

describe('the permission table', () => {
  it('is what review sees (snapshot: a changed grant shows up in the diff)', () => {
    const rows = Object.entries(permissionTable).map(
      ([permission, roles]) => `${permission.padEnd(30)} ${roles.join(', ')}`,
    )
    expect(rows).toMatchSnapshot()
  })

  it('keeps the organization finance fields and the Org URL from csr (issue 15 items 11, 12)', () => {
    expect(can('csr', 'organizations.finance')).toBe(false)
    expect(can('admin', 'organizations.finance')).toBe(true)
    expect(can('super', 'organizations.finance')).toBe(true)
    expect(can('admin', 'organizations.org-url')).toBe(false)
    expect(can('super', 'organizations.org-url')).toBe(true)
  })

  it('lets every staff role read amenities, and only super write them (issue 15 item 10)', () => {
    for (const role of ['super', 'admin', 'csr'] as const) expect(can(role, 'amenities.read')).toBe(true)
    expect(can('admin', 'amenities.write')).toBe(false)
  })
})
